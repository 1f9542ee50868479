import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { useTranslation } from '@nimbus/i18n';
import * as styles from '../console.css.ts';
import { when } from '../format.ts';
import * as own from './tickets.css.ts';

type Message = AdminResponseOf<'adminTicketDetail'>['messages'][number];

/** A ticket's thread, oldest first, as plain text; actions name what was done and by whom. */
export function TicketMessages({ messages }: { messages: readonly Message[] }) {
  const { t } = useTranslation('admin');
  const who = (m: Message) =>
    m.author === 'member'
      ? t('ticket_from_member')
      : t(m.author === 'support' ? 'ticket_from_support' : 'ticket_from_action', {
          name: m.operator ?? '-',
        });
  const action = (m: Message) =>
    m.action === null
      ? null
      : m.action.kind === 'refund'
        ? t('ticket_action_refund', { orderId: m.action.orderId })
        : t('ticket_action_grant', {
            count: m.action.days,
            plan: t(m.action.plan === 'lite' ? 'plan_lite' : 'plan_standard'),
          });
  return (
    <section className={styles.card} aria-labelledby="ticket-thread">
      <h2 id="ticket-thread" className={styles.sectionTitle}>
        {t('ticket_thread')}
      </h2>
      <ol className={own.thread}>
        {messages.map((m) => (
          <li key={m.id} className={m.author === 'member' ? own.message : own.fromSupport}>
            <p className={own.meta}>
              {who(m)} · {when(m.createdAt)}
            </p>
            {action(m) && <p className={own.body}>{action(m)}</p>}
            {m.body && <p className={own.body}>{m.body}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
