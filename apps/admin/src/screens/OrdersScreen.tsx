import type { AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/admin';
import { OrderStatus, roleAllows } from '@nimbus/domain';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { LoadFailed, PagedTable, PageSection, usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { consoleApi } from '../session/console-api.ts';
import { operatorStore } from '../session/operator-store.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';
import { orderStatusKey, when } from './format.ts';

type OrderRow = AdminResponseOf<'adminOrderSearch'>['items'][number];
type Filter = Pick<AdminRequestOf<'adminOrderSearch'>, 'orderId' | 'userId' | 'status'>;

/** Orders filtered and paged on the server; finance and admins refund with a reason. */
export function OrdersScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const operator = useStore(operatorStore, (s) => s.operator);
  const mayRefund = operator !== null && roleAllows(operator.role, 'orders.manage');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ orderId: '', userId: '', status: '' });
  const [filter, setFilter] = useState<Filter>({});
  const [refunding, setRefunding] = useState<OrderRow | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState('');
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const orders = useQuery({
    queryKey: ['orders', request],
    queryFn: () => consoleApi().adminOrderSearch(request),
    placeholderData: keepPreviousData,
  });
  const refund = useMutation({
    mutationFn: (order: OrderRow) =>
      consoleApi().adminOrderRefund({ orderId: order.orderId, reason }),
    onSuccess: ({ order }) => {
      setNotice(t('refund_done', { id: order.orderId }));
      setRefunding(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    paging.setPage(1);
    const status = Object.values(OrderStatus).find((s) => s === draft.status);
    setFilter({
      ...(draft.orderId.trim() ? { orderId: draft.orderId.trim() } : {}),
      ...(/^\d+$/.test(draft.userId.trim()) ? { userId: draft.userId.trim() } : {}),
      ...(status ? { status } : {}),
    });
  };
  const onRefund = (event: FormEvent) => {
    event.preventDefault();
    if (refunding) refund.mutate(refunding);
  };
  return (
    <PageSection title={t('orders_title')}>
      <form className={styles.inlineForm} onSubmit={submit} role="search">
        <TextField
          label={t('filter_order')}
          name="orderId"
          value={draft.orderId}
          onChange={(e) => setDraft({ ...draft, orderId: e.target.value })}
        />
        <TextField
          label={t('filter_user')}
          name="userId"
          inputMode="numeric"
          value={draft.userId}
          onChange={(e) => setDraft({ ...draft, userId: e.target.value })}
        />
        <SelectField
          label={t('filter_status')}
          name="status"
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value })}
          options={[
            { value: '', label: t('status_any') },
            ...Object.values(OrderStatus).map((s) => ({
              value: s,
              label: t(orderStatusKey(s) ?? 'status_any'),
            })),
          ]}
        />
        <Button type="submit">{t('filter')}</Button>
      </form>
      {refunding && (
        <form className={styles.card} onSubmit={onRefund} aria-labelledby="refund-title">
          <h2 id="refund-title" className={styles.sectionTitle}>
            {t('refund_title', { id: refunding.orderId })}
          </h2>
          <div className={styles.inlineForm}>
            <TextField
              label={t('refund_reason')}
              name="refund-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
            />
            <Button type="submit" variant="danger" loading={refund.isPending}>
              {t('refund')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setRefunding(null)}>
              {t('cancel')}
            </Button>
          </div>
          {refund.isError && (
            <p role="alert" className={styles.alert}>
              {messageOf(refund.error)}
            </p>
          )}
        </form>
      )}
      <p role="status">{notice}</p>
      {orders.isError ? (
        <LoadFailed onRetry={() => void orders.refetch()} />
      ) : (
        <PagedTable
          caption={t('orders_title')}
          hideCaption
          loading={orders.isPending}
          emptyText={t('no_orders')}
          rows={orders.data?.items ?? []}
          total={orders.data?.total ?? 0}
          rowKey={(o) => o.orderId}
          paging={paging}
          columns={[
            { key: 'order', header: t('col_order'), cell: (o) => o.orderId },
            { key: 'user', header: t('col_user'), cell: (o) => `#${o.userId}` },
            { key: 'product', header: t('col_product'), cell: (o) => o.product },
            {
              key: 'amount',
              header: t('col_amount'),
              cell: (o) => formatMoney(o.amountMinor, o.currency, language),
            },
            { key: 'provider', header: t('col_provider'), cell: (o) => o.provider },
            {
              key: 'status',
              header: t('col_status'),
              cell: (o) => {
                const key = orderStatusKey(o.status);
                return key ? t(key) : o.status;
              },
            },
            { key: 'created', header: t('col_created'), cell: (o) => when(o.createdAt) },
            {
              key: 'actions',
              header: t('col_actions'),
              cell: (o) =>
                mayRefund && o.status === OrderStatus.PAID ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${t('refund')} ${o.orderId}`}
                    onClick={() => setRefunding(o)}
                  >
                    {t('refund')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </PageSection>
  );
}
