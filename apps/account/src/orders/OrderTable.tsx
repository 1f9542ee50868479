import type { OrderHistoryItem } from '@nimbus/api-sdk/contract';
import { formatDateTime, formatMoney, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag, type BadgeTone } from '@nimbus/ui/badge';
import type { DataColumn } from '@nimbus/ui/data-table';
import { PagedTable, type Paging } from '@nimbus/web/screens';
import * as styles from './orders.css.ts';

type OrderStatus = OrderHistoryItem['status'];

const STATUS: Record<
  OrderStatus,
  {
    key:
      | 'order_paid'
      | 'order_unpaid'
      | 'order_refunded'
      | 'order_failed'
      | 'order_expired'
      | 'order_cancelled';
    tone: BadgeTone;
  }
> = {
  paid: { key: 'order_paid', tone: 'success' },
  pending: { key: 'order_unpaid', tone: 'warning' },
  failed: { key: 'order_failed', tone: 'danger' },
  expired: { key: 'order_expired', tone: 'neutral' },
  refunded: { key: 'order_refunded', tone: 'neutral' },
  cancelled: { key: 'order_cancelled', tone: 'neutral' },
};

/** The label and tone of an order status; the Record type makes a new status fail typecheck. */
export function orderStatusView(status: OrderStatus) {
  return STATUS[status];
}

/** What every order list shows of an order. */
export interface OrderRow {
  orderId: string;
  createdAt: number;
  productName: string;
  amount: OrderHistoryItem['amount'];
  status: OrderStatus;
}

/** The shared columns, in order; a list's own columns go after one of them. */
export type OrderColumnKey = 'date' | 'id' | 'product' | 'amount' | 'status';

export interface OrderTableProps<T extends OrderRow> {
  orders: readonly T[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
  /** The table's name for screen readers (the section heading shows it). */
  caption: string;
  emptyText: string;
  /** The product column's header, where the list names what was bought otherwise ("Plan"). */
  productHeader?: string;
  /** Columns of this kind of order, each after the shared column it names. */
  extraColumns?: readonly { after: OrderColumnKey; column: DataColumn<T> }[];
}

/**
 * The account centre's order table: date, order id, product, amount and status of each order, a
 * page at a time, with the columns a kind of order adds (its group, the buyer's role, actions).
 */
export function OrderTable<T extends OrderRow>({
  orders,
  total,
  loading,
  paging,
  language,
  caption,
  emptyText,
  productHeader,
  extraColumns = [],
}: OrderTableProps<T>) {
  const { t } = useTranslation(['account']);
  const shared: { key: OrderColumnKey; column: DataColumn<T> }[] = [
    {
      key: 'date',
      column: {
        key: 'date',
        header: t('account:col_date'),
        cell: (o) => formatDateTime(o.createdAt, language),
      },
    },
    {
      key: 'id',
      column: {
        key: 'id',
        header: t('account:col_order_id'),
        cell: (o) => <span className={styles.orderId}>{o.orderId}</span>,
      },
    },
    {
      key: 'product',
      column: {
        key: 'product',
        header: productHeader ?? t('account:col_product'),
        cell: (o) => o.productName,
      },
    },
    {
      key: 'amount',
      column: {
        key: 'amount',
        header: t('account:col_amount'),
        align: 'end',
        cell: (o) => formatMoney(o.amount.amountMinor, o.amount.currency, language),
      },
    },
    {
      key: 'status',
      column: {
        key: 'status',
        header: t('account:col_status'),
        cell: (o) => {
          const view = orderStatusView(o.status);
          return <StatusTag tone={view.tone}>{t(`account:${view.key}`)}</StatusTag>;
        },
      },
    },
  ];
  const columns = shared.flatMap(({ key, column }) => [
    column,
    ...extraColumns.filter((extra) => extra.after === key).map((extra) => extra.column),
  ]);
  return (
    <PagedTable
      columns={columns}
      rows={orders}
      rowKey={(o) => o.orderId}
      caption={caption}
      hideCaption
      loading={loading}
      emptyText={emptyText}
      total={total}
      paging={paging}
    />
  );
}
