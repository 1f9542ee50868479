import type { GroupBuyOrder } from '@nimbus/api-sdk/contract';
import { formatDateTime, formatMoney, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import type { DataColumn } from '@nimbus/ui/data-table';
import { orderStatusView } from '../profile/OrderHistory.tsx';
import { PagedTable, type Paging } from '@nimbus/web/screens';
import * as styles from './group-buying.css.ts';

export interface GroupOrdersProps {
  orders: readonly GroupBuyOrder[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
}

/** The orders that belong to the user's group buys. */
export function GroupOrders({ orders, total, loading, paging, language }: GroupOrdersProps) {
  const { t } = useTranslation(['group-buy', 'account', 'common']);
  const columns: DataColumn<GroupBuyOrder>[] = [
    {
      key: 'date',
      header: t('account:col_date'),
      cell: (o) => formatDateTime(o.createdAt, language),
    },
    {
      key: 'order',
      header: t('account:col_order_id'),
      cell: (o) => <span className={styles.mono}>{o.orderId}</span>,
    },
    {
      key: 'group',
      header: t('group-buy:col_group_id'),
      cell: (o) => <span className={styles.mono}>{o.groupId}</span>,
    },
    { key: 'product', header: t('group-buy:col_product'), cell: (o) => o.productName },
    {
      key: 'role',
      header: t('group-buy:col_role'),
      cell: (o) => t(o.role === 'creator' ? 'group-buy:member_creator' : 'group-buy:member_joined'),
    },
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
      caption={t('group-buy:group_orders_title')}
      hideCaption
      loading={loading}
      emptyText={t('common:no_records')}
      total={total}
      paging={paging}
    />
  );
}
