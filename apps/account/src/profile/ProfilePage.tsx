import { keepPreviousData } from '@tanstack/react-query';
import {
  usePaymentCancelOrder,
  usePaymentOrder,
  useSystemRedeemCode,
  useSystemUserInfo,
  useUserDeleteAccount,
  useUserSendCode,
} from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { useFeatureShown, useGo, useServices } from '@nimbus/web';
import { useState } from 'react';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { absoluteUrl, currentOrigin, PageLoading, usePaging } from '@nimbus/web/screens';
import { useNow } from '../shared/use-now.ts';
import { AccountDetails } from './AccountDetails.tsx';
import { DeleteAccount, codeTargetOf } from './DeleteAccount.tsx';
import { OrderHistory } from './OrderHistory.tsx';
import { RedeemCodeForm } from './RedeemCodeForm.tsx';

/** /user/profile: account details, order history, redeem code, log out and delete account. */
export default function ProfilePage() {
  const { t } = useTranslation(['account', 'common']);
  const language = useLanguage();
  const now = useNow();
  const user = useSystemUserInfo();
  const paging = usePaging();
  const orders = usePaymentOrder(
    { page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const redeem = useSystemRedeemCode();
  const cancelOrder = usePaymentCancelOrder();
  const toast = useToast();
  const sendCode = useUserSendCode();
  const deleteAccount = useUserDeleteAccount();
  const services = useServices();
  const go = useGo();
  const [loggingOut, setLoggingOut] = useState(false);
  const redeemShown = useFeatureShown('redeem');

  if (!user.data) return <PageLoading />;
  const info = user.data;

  return (
    <PageSection
      title={t('account:profile_title')}
      actions={
        <Button
          variant="secondary"
          loading={loggingOut}
          onClick={() => {
            setLoggingOut(true);
            // As the header's log out: end the session on the server and here, then the home page.
            void (services?.logout() ?? Promise.resolve()).finally(() =>
              go('/', { replace: true }),
            );
          }}
        >
          {t('account:logout')}
        </Button>
      }
    >
      <AccountDetails
        user={info}
        inviteUrl={absoluteUrl(info.inviteLink, currentOrigin())}
        now={now}
        language={language}
      />
      <Card title={t('account:orders_title')}>
        <OrderHistory
          orders={orders.data?.items ?? []}
          total={orders.data?.total ?? 0}
          loading={orders.isPending}
          paging={paging}
          language={language}
          onCancel={async (order) => {
            await cancelOrder.mutateAsync({ orderId: order.orderId });
            toast.success(t('account:order_cancelled_toast'));
          }}
        />
      </Card>
      {redeemShown && (
        <RedeemCodeForm onRedeem={(code) => redeem.mutateAsync({ code })} language={language} />
      )}
      <DeleteAccount
        codeTarget={codeTargetOf(info)}
        onSendCode={({ channel, target }) =>
          sendCode.mutateAsync({ channel, target, purpose: 'delete_account' })
        }
        onDelete={async (confirmation) => {
          // The SDK forgets the session once the account is gone; the visitor lands on the home
          // page.
          await deleteAccount.mutateAsync(confirmation);
          go('/', { replace: true });
        }}
      />
    </PageSection>
  );
}
