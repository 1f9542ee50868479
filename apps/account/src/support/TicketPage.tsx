import { useUserTicketClose, useUserTicketDetail, useUserTicketReply } from '@nimbus/api-sdk/react';
import { TICKET_MESSAGE_MAX, ticketMessage } from '@nimbus/domain';
import { formatDate, useLanguage, useTranslation, useValidationText } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { Link } from '@nimbus/ui/link';
import { PageSection } from '@nimbus/ui/page-section';
import { TextAreaField } from '@nimbus/ui/text-field';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { statusTone } from './ticket-labels.ts';
import { TicketThread } from './TicketThread.tsx';
import * as styles from './support.css.ts';

/**
 * /user/support/:ticketId: one of the member's tickets, its thread, a reply (which opens it again
 * for support) and closing it. Another member's ticket answers as a missing one.
 */
export default function TicketPage() {
  const { t } = useTranslation(['account', 'common']);
  const language = useLanguage();
  const toast = useToast();
  const validationText = useValidationText();
  const ticketId = useParams().ticketId ?? '';
  const detail = useUserTicketDetail({ ticketId });
  const reply = useUserTicketReply();
  const close = useUserTicketClose();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  // Another member's ticket answers as a missing one: say so under a heading, with the way back.
  if (detail.isError)
    return (
      <PageSection title={t('account:ticket_missing_title')}>
        <LoadFailed onRetry={() => void detail.refetch()} />
        <p className={styles.facts}>
          <Link href="/user/support">{t('account:ticket_back')}</Link>
        </p>
      </PageSection>
    );
  if (!detail.data) return <PageLoading />;
  const { ticket, messages } = detail.data;
  const closed = ticket.status === 'closed';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const checked = ticketMessage(text);
    setError(checked.ok ? undefined : validationText(checked.error, checked.params ?? {}));
    if (!checked.ok) return;
    try {
      await reply.mutateAsync({ ticketId, message: checked.value });
      setText('');
      toast.success(t('account:ticket_replied'));
    } catch {
      // The refusal is on screen as a toast; the text stays to send again.
    }
  };

  return (
    <PageSection
      title={ticket.subject}
      lead={t('account:ticket_lead', {
        id: ticket.ticketId,
        category: t(`account:ticket_category_${ticket.category}`),
        date: formatDate(ticket.createdAt, language),
      })}
      actions={
        <StatusTag tone={statusTone(ticket.status)}>
          {t(`account:ticket_status_${ticket.status}`)}
        </StatusTag>
      }
    >
      <p className={styles.facts}>
        <Link href="/user/support">{t('account:ticket_back')}</Link>
        {ticket.orderId && <> · {t('account:ticket_about_order', { orderId: ticket.orderId })}</>}
        {ticket.deviceName && (
          <> · {t('account:ticket_about_device', { device: ticket.deviceName })}</>
        )}
      </p>
      <Card>
        <TicketThread messages={messages} language={language} />
      </Card>
      <Card title={closed ? t('account:ticket_closed_title') : t('account:ticket_reply')}>
        {closed ? (
          <p className={styles.facts}>{t('account:ticket_closed_text')}</p>
        ) : (
          <form className={styles.form} onSubmit={(event) => void send(event)} noValidate>
            <TextAreaField
              label={t('account:ticket_message')}
              name="message"
              rows={5}
              maxLength={TICKET_MESSAGE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={error}
              required
            />
            <div className={styles.buttons}>
              <Button type="submit" loading={reply.isPending}>
                {t('account:ticket_send_reply')}
              </Button>
              <Button
                type="button"
                variant="secondary"
                loading={close.isPending}
                onClick={() =>
                  void close
                    .mutateAsync({ ticketId })
                    .then(() => toast.success(t('account:ticket_closed_done')))
                    .catch(() => undefined)
                }
              >
                {t('account:ticket_close')}
              </Button>
            </div>
          </form>
        )}
      </Card>
    </PageSection>
  );
}
