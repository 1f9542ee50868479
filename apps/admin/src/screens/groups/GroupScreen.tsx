import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { GroupBuyPaymentType, roleAllows } from '@nimbus/domain';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { DataTable } from '@nimbus/ui/data-table';
import { DetailList } from '@nimbus/ui/detail-list';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from 'zustand';
import { consoleApi } from '../../session/console-api.ts';
import { operatorStore } from '../../session/operator-store.ts';
import * as styles from '../console.css.ts';
import { when } from '../format.ts';
import { GroupCloseForm } from './GroupCloseForm.tsx';
import { groupStateKey, memberStatusKey, refundReasonKey, refundStatusKey } from './group-text.ts';

type Detail = AdminResponseOf<'adminGroupDetail'>;

/** One group buy: its plan and state, every seat with its payment, its refunds; closing it. */
export function GroupScreen() {
  const { t } = useTranslation('admin-groups');
  const language = useLanguage();
  const { groupId = '' } = useParams();
  const operator = useStore(operatorStore, (s) => s.operator);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const detail = useQuery({
    queryKey: ['group', groupId],
    queryFn: () => consoleApi().adminGroupDetail({ groupId }),
  });
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  const d: Detail = detail.data;
  const g = d.group;
  type Key = NonNullable<
    | ReturnType<typeof groupStateKey>
    | ReturnType<typeof memberStatusKey>
    | ReturnType<typeof refundReasonKey>
    | ReturnType<typeof refundStatusKey>
  >;
  /** A code's text, or the code itself when this console does not know it. */
  const shown = (key: Key | null, code: string) => (key ? t(key) : code);
  const money = (minor: number | null) =>
    minor === null ? '-' : formatMoney(minor, g.currency, language);
  const closable =
    operator !== null &&
    roleAllows(operator.role, 'orders.manage') &&
    (g.state === 'open' || g.state === 'waiting');
  return (
    <PageSection
      title={t('group_title', { id: g.groupId })}
      lead={g.product}
      actions={<Link to="/groups">{t('back_to_groups')}</Link>}
    >
      <div className={styles.card}>
        <DetailList
          items={[
            { key: 'state', term: t('col_state'), value: shown(groupStateKey(g.state), g.state) },
            {
              key: 'creator',
              term: t('col_creator'),
              value: <Link to={`/users/${g.creatorId}`}>{g.creatorAccount}</Link>,
            },
            {
              key: 'type',
              term: t('col_type'),
              value: t(
                g.paymentType === GroupBuyPaymentType.PAY_ALL ? 'type_pay_all' : 'type_pay_self',
              ),
            },
            { key: 'share', term: t('field_share'), value: money(g.unitPriceMinor) },
            {
              key: 'members',
              term: t('col_members'),
              value: t('members_of', { joined: g.joined, size: g.size }),
            },
            { key: 'created', term: t('col_created'), value: when(g.createdAt) },
            { key: 'ends', term: t('col_ends'), value: when(g.expiresAt) },
            { key: 'finished', term: t('field_finished'), value: when(g.finishedAt) },
            { key: 'closed', term: t('field_closed'), value: when(g.closedAt) },
          ]}
        />
      </div>
      {closable && (
        <GroupCloseForm
          groupId={g.groupId}
          onClosed={(count) => {
            setNotice(t('closed_done', { count }));
            void queryClient.invalidateQueries({ queryKey: ['group', groupId] });
          }}
        />
      )}
      <p role="status">{notice}</p>
      <DataTable
        caption={t('members_title')}
        loadingLabel=""
        emptyText={t('no_members')}
        rows={d.members}
        rowKey={(m) => m.userId}
        columns={[
          {
            key: 'user',
            header: t('col_user'),
            cell: (m) => <Link to={`/users/${m.userId}`}>{m.account}</Link>,
          },
          {
            key: 'role',
            header: t('col_role'),
            cell: (m) => t(m.role === 'creator' ? 'role_creator' : 'role_member'),
          },
          {
            key: 'status',
            header: t('col_status'),
            cell: (m) => shown(memberStatusKey(m.status), m.status),
          },
          { key: 'order', header: t('col_order'), cell: (m) => m.orderId ?? '-' },
          {
            key: 'amount',
            header: t('col_amount'),
            cell: (m) => (m.paidAt === null ? '-' : money(m.amountMinor)),
          },
          { key: 'joined', header: t('col_joined'), cell: (m) => when(m.joinedAt) },
        ]}
      />
      <DataTable
        caption={t('refunds_title')}
        loadingLabel=""
        emptyText={t('no_refunds')}
        rows={d.refunds}
        rowKey={(r) => r.orderId}
        columns={[
          { key: 'order', header: t('col_order'), cell: (r) => r.orderId },
          {
            key: 'reason',
            header: t('col_reason'),
            cell: (r) => shown(refundReasonKey(r.reason), r.reason),
          },
          {
            key: 'status',
            header: t('col_status'),
            cell: (r) => shown(refundStatusKey(r.status), r.status),
          },
          { key: 'created', header: t('col_created'), cell: (r) => when(r.createdAt) },
          { key: 'done', header: t('col_done'), cell: (r) => when(r.doneAt) },
        ]}
      />
    </PageSection>
  );
}
