import type { TicketOpenRequest } from '@nimbus/api-sdk/contract';
import {
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  ticketMessage,
  ticketSubject,
  type TicketCategory,
} from '@nimbus/domain';
import { useTranslation, useValidationText } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextAreaField, TextField } from '@nimbus/ui/text-field';
import { useState, type FormEvent } from 'react';
import * as styles from './support.css.ts';

export interface OpenTicketFormProps {
  /** The member's orders and devices a ticket may be about (id and what the member sees). */
  orders: readonly { orderId: string; label: string }[];
  devices: readonly { deviceId: string; label: string }[];
  /** The category chosen at first (a link's `?category=`); connection without one. */
  initialCategory?: TicketCategory;
  /** Opens the ticket; rejects when the server refuses (the SDK shows why). */
  onOpen: (request: TicketOpenRequest) => Promise<void>;
}

/**
 * A new ticket: subject, category, message, and optionally the order or device it is about. The
 * domain's text rules (one-line subject, plain-text message, their lengths) are checked here as
 * the server checks them.
 */
export function OpenTicketForm({
  orders,
  devices,
  initialCategory = 'connection',
  onOpen,
}: OpenTicketFormProps) {
  const { t } = useTranslation(['account', 'validation']);
  const validationText = useValidationText();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<TicketCategory>(initialCategory);
  const [message, setMessage] = useState('');
  const [orderId, setOrderId] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const s = ticketSubject(subject);
    const m = ticketMessage(message);
    const found = {
      subject: s.ok ? undefined : validationText(s.error, s.params ?? {}),
      message: m.ok ? undefined : validationText(m.error, m.params ?? {}),
    };
    setErrors(found);
    if (!s.ok || !m.ok) return;
    setBusy(true);
    try {
      await onOpen({
        subject: s.value,
        category,
        message: m.value,
        ...(orderId ? { orderId } : {}),
        ...(deviceId ? { deviceId } : {}),
      });
      setSubject('');
      setMessage('');
      setOrderId('');
      setDeviceId('');
    } catch {
      // The refusal (too many tickets, a closed order) is on screen as a toast; keep the text.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.row}>
        <SelectField
          label={t('account:ticket_category')}
          name="category"
          value={category}
          onChange={(e) =>
            setCategory(TICKET_CATEGORIES.find((c) => c === e.target.value) ?? 'connection')
          }
          options={TICKET_CATEGORIES.map((c) => ({
            value: c,
            label: t(`account:ticket_category_${c}`),
          }))}
        />
        {orders.length > 0 && (
          <SelectField
            label={t('account:ticket_order')}
            name="order"
            value={orderId}
            placeholder={t('account:ticket_none')}
            onChange={(e) => setOrderId(e.target.value)}
            options={orders.map((o) => ({ value: o.orderId, label: o.label }))}
          />
        )}
        {devices.length > 0 && (
          <SelectField
            label={t('account:ticket_device')}
            name="device"
            value={deviceId}
            placeholder={t('account:ticket_none')}
            onChange={(e) => setDeviceId(e.target.value)}
            options={devices.map((d) => ({ value: d.deviceId, label: d.label }))}
          />
        )}
      </div>
      <TextField
        label={t('account:ticket_subject')}
        name="subject"
        autoComplete="off"
        maxLength={TICKET_SUBJECT_MAX}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={errors.subject}
        required
      />
      <TextAreaField
        label={t('account:ticket_message')}
        name="message"
        rows={6}
        maxLength={TICKET_MESSAGE_MAX}
        hint={t('account:ticket_message_hint', { count: TICKET_MESSAGE_MAX })}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.message}
        required
      />
      <div className={styles.buttons}>
        <Button type="submit" loading={busy}>
          {t('account:ticket_send')}
        </Button>
      </div>
    </form>
  );
}
