import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { OrderStatus, roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextAreaField, TextField } from '@nimbus/ui/text-field';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { messageOf } from '../errors.ts';

type Thread = AdminResponseOf<'adminTicketDetail'>;
type Order = AdminResponseOf<'adminUserDetail'>['orders']['recent'][number];

/**
 * What support does from a ticket: take it, answer (the member gets a notice), refund one of the
 * member's orders (finance), grant time (support), close. A closed ticket takes no answer.
 */
export function TicketActions({
  ticket,
  role,
  orders,
  onChanged,
}: {
  ticket: Thread['ticket'];
  role: OperatorRole;
  orders: readonly Order[];
  onChanged: (next: Thread) => void;
}) {
  const { t } = useTranslation('admin');
  const api = consoleApi();
  const ticketId = ticket.ticketId;
  const [reply, setReply] = useState('');
  const [orderId, setOrderId] = useState(ticket.orderId ?? '');
  const [refundReason, setRefundReason] = useState('');
  const [plan, setPlan] = useState<'standard' | 'lite'>('standard');
  const [days, setDays] = useState('');
  const [grantReason, setGrantReason] = useState('');
  const [notice, setNotice] = useState('');
  const done = (text: string) => (next: Thread) => {
    setNotice(text);
    onChanged(next);
  };
  const assign = useMutation({
    mutationFn: () => api.adminTicketAssign({ ticketId }),
    onSuccess: done(t('ticket_assigned')),
  });
  const answer = useMutation({
    mutationFn: () => api.adminTicketReply({ ticketId, message: reply }),
    onSuccess: (next) => {
      setReply('');
      done(t('ticket_replied'))(next);
    },
  });
  const refund = useMutation({
    mutationFn: () => api.adminTicketRefund({ ticketId, orderId, reason: refundReason }),
    onSuccess: (next) => {
      setRefundReason('');
      done(t('ticket_refunded', { orderId }))(next);
    },
  });
  const grant = useMutation({
    mutationFn: () =>
      api.adminTicketGrantTime({ ticketId, plan, days: Number(days), reason: grantReason }),
    onSuccess: (next) => {
      setDays('');
      setGrantReason('');
      done(t('ticket_granted'))(next);
    },
  });
  const close = useMutation({
    mutationFn: () => api.adminTicketClose({ ticketId }),
    onSuccess: done(t('ticket_closed')),
  });
  const failure = [assign, answer, refund, grant, close].find((m) => m.isError)?.error;
  const submit = (run: () => void) => (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    run();
  };
  const closed = ticket.status === 'closed';
  const paidOrders = orders.filter((o) => o.status === OrderStatus.PAID);

  return (
    <section className={styles.card} aria-labelledby="ticket-actions">
      <h2 id="ticket-actions" className={styles.sectionTitle}>
        {t('ticket_actions')}
      </h2>
      {!closed && (
        <form onSubmit={submit(() => answer.mutate())}>
          <TextAreaField
            label={t('ticket_reply')}
            name="reply"
            rows={5}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            required
          />
          <div className={styles.inlineForm}>
            <Button type="submit" loading={answer.isPending}>
              {t('ticket_send_reply')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              loading={assign.isPending}
              onClick={() => assign.mutate()}
            >
              {t('ticket_take')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              loading={close.isPending}
              onClick={() => close.mutate()}
            >
              {t('ticket_close')}
            </Button>
          </div>
        </form>
      )}
      {roleAllows(role, 'orders.manage') && paidOrders.length > 0 && (
        <form className={styles.inlineForm} onSubmit={submit(() => refund.mutate())}>
          <SelectField
            label={t('ticket_refund_order')}
            name="refund-order"
            value={orderId}
            placeholder={t('ticket_choose_order')}
            onChange={(e) => setOrderId(e.target.value)}
            options={paidOrders.map((o) => ({ value: o.orderId, label: o.orderId }))}
            required
          />
          <TextField
            label={t('refund_reason')}
            name="refund-reason"
            value={refundReason}
            onChange={(e) => setRefundReason(e.target.value)}
            required
          />
          <Button type="submit" variant="danger" loading={refund.isPending}>
            {t('refund')}
          </Button>
        </form>
      )}
      {roleAllows(role, 'users.manage') && (
        <form className={styles.inlineForm} onSubmit={submit(() => grant.mutate())}>
          <SelectField
            label={t('plan')}
            name="grant-plan"
            value={plan}
            onChange={(e) => setPlan(e.target.value === 'lite' ? 'lite' : 'standard')}
            options={[
              { value: 'standard', label: t('plan_standard') },
              { value: 'lite', label: t('plan_lite') },
            ]}
          />
          <TextField
            label={t('ticket_grant_days')}
            name="grant-days"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            required
          />
          <TextField
            label={t('reason')}
            name="grant-reason"
            value={grantReason}
            onChange={(e) => setGrantReason(e.target.value)}
            required
          />
          <Button type="submit" loading={grant.isPending}>
            {t('ticket_grant')}
          </Button>
        </form>
      )}
      <p role="status">{notice}</p>
      {failure && (
        <p role="alert" className={styles.alert}>
          {messageOf(failure)}
        </p>
      )}
    </section>
  );
}
