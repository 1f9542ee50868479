import type { GroupBuyOrder } from '@nimbus/api-sdk/contract';
import { useTranslation, type Language } from '@nimbus/i18n';
import type { Paging } from '@nimbus/web/screens';
import { OrderTable } from '../orders/OrderTable.tsx';
import * as styles from './group-buying.css.ts';

export interface GroupOrdersProps {
  orders: readonly GroupBuyOrder[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
}

/** The orders that belong to the user's group buys: the order table with the group and role. */
export function GroupOrders(props: GroupOrdersProps) {
  const { t } = useTranslation(['group-buy', 'common']);
  return (
    <OrderTable
      {...props}
      caption={t('group-buy:group_orders_title')}
      emptyText={t('common:no_records')}
      productHeader={t('group-buy:col_product')}
      extraColumns={[
        {
          after: 'id',
          column: {
            key: 'group',
            header: t('group-buy:col_group_id'),
            cell: (o) => <span className={styles.mono}>{o.groupId}</span>,
          },
        },
        {
          after: 'product',
          column: {
            key: 'role',
            header: t('group-buy:col_role'),
            cell: (o) =>
              t(o.role === 'creator' ? 'group-buy:member_creator' : 'group-buy:member_joined'),
          },
        },
      ]}
    />
  );
}
