import { keepPreviousData } from '@tanstack/react-query';
import {
  usePaymentJointOrder,
  usePaymentJointPurchaseCreated,
  usePaymentJointPurchaseParticipated,
} from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { Tabs } from '@nimbus/ui/tabs';
import { currentOrigin, LoadFailed, usePaging } from '@nimbus/web/screens';
import { useNow } from '../shared/use-now.ts';
import { GroupList } from './GroupList.tsx';
import { GroupOrders } from './GroupOrders.tsx';

/**
 * /user/group-buying: groups the user created and joined, with their state, and the group orders.
 */
export default function GroupBuyingPage() {
  const { t } = useTranslation(['group-buy', 'common']);
  const language = useLanguage();
  // Countdowns tick by themselves; the phase (ended or not) is re-read every second as well.
  const now = useNow(1000);
  const origin = currentOrigin();
  const createdPaging = usePaging();
  const joinedPaging = usePaging();
  const ordersPaging = usePaging();
  const keep = { placeholderData: keepPreviousData };
  const created = usePaymentJointPurchaseCreated(
    { page: createdPaging.page, pageSize: createdPaging.pageSize },
    keep,
  );
  const joined = usePaymentJointPurchaseParticipated(
    { page: joinedPaging.page, pageSize: joinedPaging.pageSize },
    keep,
  );
  const orders = usePaymentJointOrder(
    { page: ordersPaging.page, pageSize: ordersPaging.pageSize },
    keep,
  );

  const list = (query: typeof created, paging: typeof createdPaging, caption: string) =>
    query.isError ? (
      <LoadFailed onRetry={() => void query.refetch()} />
    ) : (
      <GroupList
        groups={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        loading={query.isPending}
        paging={paging}
        caption={caption}
        now={now}
        origin={origin}
        language={language}
      />
    );

  return (
    <PageSection
      title={t('group-buy:orders_title')}
      actions={<LinkButton href="/group-buying">{t('group-buy:orders_start')}</LinkButton>}
    >
      <Card>
        <Tabs
          label={t('group-buy:orders_title')}
          items={[
            {
              value: 'created',
              label: t('group-buy:orders_created'),
              content: list(created, createdPaging, t('group-buy:orders_created')),
            },
            {
              value: 'joined',
              label: t('group-buy:orders_joined'),
              content: list(joined, joinedPaging, t('group-buy:orders_joined')),
            },
          ]}
        />
      </Card>
      <Card title={t('group-buy:group_orders_title')}>
        {orders.isError ? (
          <LoadFailed onRetry={() => void orders.refetch()} />
        ) : (
          <GroupOrders
            orders={orders.data?.items ?? []}
            total={orders.data?.total ?? 0}
            loading={orders.isPending}
            paging={ordersPaging}
            language={language}
          />
        )}
      </Card>
    </PageSection>
  );
}
