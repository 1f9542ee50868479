import type { TicketMessage } from '@nimbus/api-sdk/contract';
import { formatDateTime, useTranslation, type Language } from '@nimbus/i18n';
import * as styles from './support.css.ts';

/**
 * A ticket's messages, oldest first: the member's, support's and the actions support took (a
 * refund, time granted). Every text is rendered as text, never as markup.
 */
export function TicketThread({
  messages,
  language,
}: {
  messages: readonly TicketMessage[];
  language: Language;
}) {
  const { t } = useTranslation(['account']);
  const authorOf = (m: TicketMessage) =>
    m.author === 'member'
      ? t('account:ticket_from_you')
      : m.author === 'support'
        ? t('account:ticket_from_support')
        : t('account:ticket_from_action');
  const actionText = (m: TicketMessage) =>
    m.action === null
      ? null
      : m.action.kind === 'refund'
        ? t('account:ticket_action_refund', { orderId: m.action.orderId })
        : t('account:ticket_action_grant', {
            count: m.action.days,
            plan: t(
              m.action.plan === 'lite'
                ? 'account:ticket_plan_lite'
                : 'account:ticket_plan_standard',
            ),
          });
  return (
    <ol className={styles.thread} aria-label={t('account:ticket_thread')}>
      {messages.map((m) => (
        <li
          key={m.id}
          className={[
            styles.message,
            m.author === 'support' ? styles.fromSupport : '',
            m.author === 'action' ? styles.action : '',
          ].join(' ')}
        >
          <p className={styles.messageMeta}>
            {authorOf(m)} · {formatDateTime(m.createdAt, language)}
          </p>
          {actionText(m) && <p className={styles.messageBody}>{actionText(m)}</p>}
          {m.body && <p className={styles.messageBody}>{m.body}</p>}
        </li>
      ))}
    </ol>
  );
}
