import type { AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/admin';
import { OrderStatus, roleAllows } from '@nimbus/domain';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { SelectField, TextField } from '@nimbus/ui/text-field';
import { usePaging } from '@nimbus/web/screens';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { consoleApi } from '../session/console-api.ts';
import { operatorStore } from '../session/operator-store.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';
import { orderStatusKey, when } from './format.ts';
import { QueryTable } from './QueryTable.tsx';

type OrderRow = AdminResponseOf<'adminOrderSearch'>['items'][number];
type ActionKind = 'refund' | 'markPaid' | 'cancel';

/** Per action: its form's title, field and button, and what it says when done. */
const ACTIONS = {
  refund: { title: 'refund_title', field: 'refund_reason', button: 'refund', done: 'refund_done' },
  markPaid: {
    title: 'mark_paid_title',
    field: 'reference',
    button: 'mark_paid',
    done: 'mark_paid_done',
  },
  cancel: {
    title: 'cancel_title',
    field: 'cancel_reason',
    button: 'cancel_order',
    done: 'cancel_done',
  },
} as const;
type Filter = Pick<AdminRequestOf<'adminOrderSearch'>, 'orderId' | 'userId' | 'status'>;

/** Orders filtered and paged on the server; finance and admins refund with a reason. */
export function OrdersScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const operator = useStore(operatorStore, (s) => s.operator);
  const mayManage = operator !== null && roleAllows(operator.role, 'orders.manage');
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ orderId: '', userId: '', status: '' });
  const [filter, setFilter] = useState<Filter>({});
  const [acting, setActing] = useState<{ kind: ActionKind; order: OrderRow } | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState('');
  const request = { ...filter, page: paging.page, pageSize: paging.pageSize };
  const orders = useQuery({
    queryKey: ['orders', request],
    queryFn: () => consoleApi().adminOrderSearch(request),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ kind, order }: { kind: ActionKind; order: OrderRow }) => {
      const api = consoleApi();
      const orderId = order.orderId;
      if (kind === 'markPaid') return api.adminOrderMarkPaid({ orderId, reference: reason });
      if (kind === 'cancel') return api.adminOrderCancel({ orderId, reason });
      return api.adminOrderRefund({ orderId, reason });
    },
    onSuccess: ({ order }, { kind }) => {
      setNotice(t(ACTIONS[kind].done, { id: order.orderId }));
      setActing(null);
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
  const onAct = (event: FormEvent) => {
    event.preventDefault();
    if (acting) act.mutate(acting);
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
      {acting && (
        <form className={styles.card} onSubmit={onAct} aria-labelledby="order-action-title">
          <h2 id="order-action-title" className={styles.sectionTitle}>
            {t(ACTIONS[acting.kind].title, { id: acting.order.orderId })}
          </h2>
          <div className={styles.inlineForm}>
            <TextField
              label={t(ACTIONS[acting.kind].field)}
              name="order-action-text"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
            />
            <Button
              type="submit"
              variant={acting.kind === 'markPaid' ? 'primary' : 'danger'}
              loading={act.isPending}
            >
              {t(ACTIONS[acting.kind].button)}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setActing(null)}>
              {t('cancel')}
            </Button>
          </div>
          {act.isError && (
            <p role="alert" className={styles.alert}>
              {messageOf(act.error)}
            </p>
          )}
        </form>
      )}
      <p role="status">{notice}</p>
      <QueryTable
        query={orders}
        caption={t('orders_title')}
        hideCaption
        emptyText={t('no_orders')}
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
            cell: (o) => {
              const kinds: ActionKind[] = !mayManage
                ? []
                : o.status === OrderStatus.PAID
                  ? ['refund']
                  : o.status === OrderStatus.PENDING
                    ? ['markPaid', 'cancel']
                    : [];
              return kinds.map((kind) => (
                <Button
                  key={kind}
                  size="sm"
                  variant="secondary"
                  aria-label={`${t(ACTIONS[kind].button)} ${o.orderId}`}
                  onClick={() => {
                    act.reset();
                    setReason('');
                    setActing({ kind, order: o });
                  }}
                >
                  {t(ACTIONS[kind].button)}
                </Button>
              ));
            },
          },
        ]}
      />
    </PageSection>
  );
}
