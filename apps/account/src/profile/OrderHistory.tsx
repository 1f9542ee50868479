import type { OrderHistoryItem } from '@nimbus/api-sdk/contract';
import { formatDateTime, formatMoney, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag, type BadgeTone } from '@nimbus/ui/badge';
import type { DataColumn } from '@nimbus/ui/data-table';
import { PagedTable, type Paging } from '@nimbus/web/screens';
import * as styles from './profile.css.ts';

type OrderStatus = OrderHistoryItem['status'];

const STATUS: Record<
  OrderStatus,
  {
    key: 'order_paid' | 'order_unpaid' | 'order_refunded' | 'order_failed' | 'order_expired';
    tone: BadgeTone;
  }
> = {
  paid: { key: 'order_paid', tone: 'success' },
  pending: { key: 'order_unpaid', tone: 'warning' },
  failed: { key: 'order_failed', tone: 'danger' },
  expired: { key: 'order_expired', tone: 'neutral' },
  refunded: { key: 'order_refunded', tone: 'neutral' },
};

/** The label and tone of an order status; the Record type makes a new status fail typecheck. */
export function orderStatusView(status: OrderStatus) {
  return STATUS[status];
}

export interface OrderHistoryProps {
  orders: readonly OrderHistoryItem[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
}

/** Date, order id, product, amount and status of every order, a page at a time. */
export function OrderHistory({ orders, total, loading, paging, language }: OrderHistoryProps) {
  const { t } = useTranslation(['account', 'common']);
  const columns: DataColumn<OrderHistoryItem>[] = [
    {
      key: 'date',
      header: t('account:col_date'),
      cell: (o) => formatDateTime(o.createdAt, language),
    },
    {
      key: 'id',
      header: t('account:col_order_id'),
      cell: (o) => <span className={styles.mono}>{o.orderId}</span>,
    },
    { key: 'product', header: t('account:col_product'), cell: (o) => o.productName },
    {
      key: 'amount',
      header: t('account:col_amount'),
      align: 'end',
      cell: (o) => formatMoney(o.amount.amountMinor, o.amount.currency, language),
    },
    {
      key: 'status',
      header: t('account:col_status'),
      cell: (o) => {
        const view = orderStatusView(o.status);
        return <StatusTag tone={view.tone}>{t(`account:${view.key}`)}</StatusTag>;
      },
    },
  ];
  return (
    <PagedTable
      columns={columns}
      rows={orders}
      rowKey={(o) => o.orderId}
      caption={t('account:orders_title')}
      hideCaption
      loading={loading}
      emptyText={t('account:orders_empty')}
      total={total}
      paging={paging}
    />
  );
}
