import type { OrderHistoryItem } from '@nimbus/api-sdk/contract';
import { formatDateTime, formatMoney, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag, type BadgeTone } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import type { DataColumn } from '@nimbus/ui/data-table';
import { PagedTable, type Paging } from '@nimbus/web/screens';
import * as styles from './profile.css.ts';

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

export interface OrderHistoryProps {
  orders: readonly OrderHistoryItem[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
  /** Cancels an order waiting for payment (after confirming); rejects when the server refuses. */
  onCancel: (order: OrderHistoryItem) => Promise<unknown>;
}

/**
 * Date, order id, product, amount and status of every order, a page at a time; an order waiting
 * for payment can be resumed at its checkout or cancelled.
 */
export function OrderHistory({
  orders,
  total,
  loading,
  paging,
  language,
  onCancel,
}: OrderHistoryProps) {
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
    {
      key: 'actions',
      header: t('account:col_actions'),
      align: 'end',
      // An order waiting for payment: pay at its checkout again, or cancel it.
      cell: (o) =>
        o.resumeUrl || o.cancellable ? (
          <span className={styles.orderActions}>
            {o.resumeUrl && (
              <a
                className={styles.resumeLink}
                href={o.resumeUrl}
                aria-label={t('account:order_resume_named', { id: o.orderId })}
              >
                {t('account:order_resume')}
              </a>
            )}
            {o.cancellable && (
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('account:order_cancel_named', { id: o.orderId })}
                  >
                    {t('account:order_cancel')}
                  </Button>
                }
                title={t('account:order_cancel_title')}
                description={t('account:order_cancel_body', { product: o.productName })}
                confirmLabel={t('account:order_cancel')}
                cancelLabel={t('common:button_cancel')}
                tone="danger"
                onConfirm={() => onCancel(o)}
              />
            )}
          </span>
        ) : null,
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
