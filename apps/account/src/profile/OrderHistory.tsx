import type { OrderHistoryItem } from '@nimbus/api-sdk/contract';
import { useTranslation, type Language } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import type { Paging } from '@nimbus/web/screens';
import { OrderTable } from '../orders/OrderTable.tsx';
import * as styles from './profile.css.ts';

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
 * Every order of the account, a page at a time (OrderTable); an order waiting for payment can be
 * resumed at its checkout or cancelled.
 */
export function OrderHistory({ onCancel, ...table }: OrderHistoryProps) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <OrderTable
      {...table}
      caption={t('account:orders_title')}
      emptyText={t('account:orders_empty')}
      extraColumns={[
        {
          after: 'status',
          column: {
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
        },
      ]}
    />
  );
}
