import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { quotaGbText, roleAllows } from '@nimbus/domain';
import { formatBytes, useLanguage, useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useStore } from 'zustand';
import { consoleApi } from '../../session/console-api.ts';
import { operatorStore } from '../../session/operator-store.ts';
import * as styles from '../console.css.ts';
import { when } from '../format.ts';
import { UserFacts } from '../UserFacts.tsx';
import { TicketActions } from './TicketActions.tsx';
import { TicketMessages } from './TicketMessages.tsx';

type Thread = AdminResponseOf<'adminTicketDetail'>;

/**
 * One ticket: its thread beside the member's facts (membership, orders, devices, this cycle's
 * node traffic), and what support does from it: take it, reply, refund an order, grant time,
 * close. Each action is linked in the thread and written to the audit log by the server.
 */
export function TicketScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const { ticketId = '' } = useParams();
  const operator = useStore(operatorStore, (s) => s.operator);
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: ['ticket', ticketId],
    queryFn: () => consoleApi().adminTicketDetail({ ticketId }),
  });
  const userId = thread.data?.ticket.userId;
  const mayReadUser = operator !== null && roleAllows(operator.role, 'users.read');
  const member = useQuery({
    queryKey: ['user', userId],
    queryFn: () => consoleApi().adminUserDetail({ userId: userId ?? '' }),
    enabled: userId !== undefined && mayReadUser,
  });
  if (thread.isPending) return <PageLoading />;
  if (thread.isError) return <LoadFailed onRetry={() => void thread.refetch()} />;
  const { ticket, messages, traffic }: Thread = thread.data;
  const changed = (next: Thread) => {
    queryClient.setQueryData(['ticket', ticketId], next);
    void queryClient.invalidateQueries({ queryKey: ['tickets'] });
    void queryClient.invalidateQueries({ queryKey: ['user', userId] });
  };
  return (
    <PageSection
      title={`#${ticket.ticketId} ${ticket.subject}`}
      lead={t('ticket_lead', {
        status: t(`ticket_status_${ticket.status}`),
        category: t(`ticket_category_${ticket.category}`),
        opened: when(ticket.createdAt),
        assignee: ticket.assignee ?? t('ticket_unassigned'),
      })}
      actions={<Link to="/tickets">{t('ticket_back')}</Link>}
    >
      <div className={styles.card}>
        <p>
          {t('ticket_member')}: <Link to={`/users/${ticket.userId}`}>{ticket.member}</Link>
          {ticket.orderId && <> · {t('ticket_order', { orderId: ticket.orderId })}</>}
          {ticket.deviceName && <> · {t('ticket_device', { device: ticket.deviceName })}</>}
        </p>
        <p>
          {t('ticket_traffic', {
            since: when(traffic.cycleStart),
            download: formatBytes(traffic.download, language),
            upload: formatBytes(traffic.upload, language),
            total: quotaGbText(traffic.download + traffic.upload),
          })}
        </p>
      </div>
      <TicketMessages messages={messages} />
      {operator && (
        <TicketActions
          ticket={ticket}
          role={operator.role}
          orders={member.data?.orders.recent ?? []}
          onChanged={changed}
        />
      )}
      {member.data && <UserFacts detail={member.data} />}
    </PageSection>
  );
}
