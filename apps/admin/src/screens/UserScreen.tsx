import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { roleAllows } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { DataTable } from '@nimbus/ui/data-table';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from 'zustand';
import { consoleApi } from '../session/console-api.ts';
import { operatorStore } from '../session/operator-store.ts';
import * as styles from './console.css.ts';
import { orderStatusKey, when } from './format.ts';
import { UnbindDeviceButton } from './UnbindDeviceButton.tsx';
import { UserActions } from './UserActions.tsx';
import { UserContactActions } from './UserContact.tsx';
import { UserFacts } from './UserFacts.tsx';

type Detail = AdminResponseOf<'adminUserDetail'>;

/** One user: account, suspension, membership, devices, live sessions, orders, audit trail. */
export function UserScreen() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  const operator = useStore(operatorStore, (s) => s.operator);
  const queryClient = useQueryClient();
  const [deviceNotice, setDeviceNotice] = useState('');
  const detail = useQuery({
    queryKey: ['user', userId],
    queryFn: () => consoleApi().adminUserDetail({ userId }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['user', userId] });
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  const d: Detail = detail.data;
  const u = d.user;
  const mayManage = operator !== null && roleAllows(operator.role, 'users.manage') && !u.deleted;
  return (
    <PageSection
      title={t('user_title', { id: u.userId })}
      lead={u.account}
      actions={<Link to="/users">{t('back_to_users')}</Link>}
    >
      <UserFacts detail={d} />
      {mayManage && <UserActions user={u} hasQuota={d.traffic !== null} onChanged={refresh} />}
      {mayManage && <UserContactActions user={u} onChanged={refresh} />}
      <DataTable
        caption={t('devices_title')}
        loadingLabel=""
        emptyText={t('no_devices')}
        rows={d.devices}
        rowKey={(r) => r.id}
        columns={[
          { key: 'name', header: t('col_device'), cell: (r) => r.name },
          { key: 'platform', header: t('col_platform'), cell: (r) => `${r.system} ${r.version}` },
          {
            key: 'key',
            header: t('col_device_key'),
            cell: (r) => <span className={styles.secret}>{r.key}</span>,
          },
          { key: 'bound', header: t('col_bound'), cell: (r) => when(r.boundAt) },
          ...(mayManage
            ? [
                {
                  key: 'actions',
                  header: t('col_actions'),
                  cell: (r: Detail['devices'][number]) => (
                    <UnbindDeviceButton
                      userId={u.userId}
                      device={r}
                      onDone={(text) => {
                        setDeviceNotice(text);
                        refresh();
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <p role="status">{deviceNotice}</p>
      <DataTable
        caption={t('sessions_title')}
        loadingLabel=""
        emptyText={t('no_sessions')}
        rows={d.sessions}
        rowKey={(r) => `${r.createdAt}-${r.expiresAt}`}
        columns={[
          { key: 'created', header: t('col_created'), cell: (r) => when(r.createdAt) },
          { key: 'expires', header: t('col_expires'), cell: (r) => when(r.expiresAt) },
        ]}
      />
      <DataTable
        caption={t('orders_title')}
        loadingLabel=""
        emptyText={t('no_orders')}
        rows={d.orders.recent}
        rowKey={(r) => r.orderId}
        columns={[
          { key: 'order', header: t('col_order'), cell: (r) => r.orderId },
          { key: 'product', header: t('col_product'), cell: (r) => r.product },
          {
            key: 'status',
            header: t('col_status'),
            cell: (r) => {
              const key = orderStatusKey(r.status);
              return key ? t(key) : r.status;
            },
          },
          { key: 'created', header: t('col_created'), cell: (r) => when(r.createdAt) },
        ]}
      />
      <DataTable
        caption={t('audit_title')}
        loadingLabel=""
        emptyText={t('no_audit')}
        rows={d.audit}
        rowKey={(r) => r.id}
        columns={[
          { key: 'at', header: t('col_at'), cell: (r) => when(r.at) },
          { key: 'action', header: t('col_action'), cell: (r) => r.action },
          { key: 'actor', header: t('col_actor'), cell: (r) => r.actor },
        ]}
      />
    </PageSection>
  );
}
