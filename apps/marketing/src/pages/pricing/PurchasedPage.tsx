import {
  usePaymentJointDetail,
  usePaymentOrderStatus,
  useSystemUserInfo,
} from '@nimbus/api-sdk/react';
import { GroupBuyStatus } from '@nimbus/domain/enums';
import {
  formatDate,
  formatMoney,
  prepareNumberFormatting,
  useLanguage,
  useTranslation,
} from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { Spinner } from '@nimbus/ui/spinner';
import { useSearchParams } from 'react-router';
import * as page from '../../styles/page.css.ts';
import { GroupSharePaid } from './GroupSharePaid.tsx';

// The page shows prices: ICU's number data loads now, in a task apart from the render.
prepareNumberFormatting();

/**
 * /purchased?orderId=: the order just paid, its status, the new expiry (or, paid into a group not
 * full yet, what happens when it fills) and what to do next.
 */
export default function PurchasedPage() {
  const { t } = useTranslation(['pricing', 'common']);
  const language = useLanguage();
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const order = usePaymentOrderStatus(
    { orderId },
    {
      enabled: orderId !== '',
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
    },
  );
  const paid = order.data?.status === 'paid';
  const userInfo = useSystemUserInfo({}, { enabled: paid });
  // A group order: the group now (a payment into a group not full yet starts no membership).
  const groupId = order.data?.groupId ?? null;
  const group = usePaymentJointDetail(
    { groupId: groupId ?? '' },
    { enabled: paid && groupId !== null, staleTime: 0 },
  );
  const waiting =
    paid && groupId !== null && (!group.data || group.data.status !== GroupBuyStatus.FINISHED);
  const expiry = userInfo.data
    ? Math.max(userInfo.data.standardExpireTime, userInfo.data.liteExpireTime)
    : 0;

  if (!orderId) {
    return (
      <main className={page.section}>
        <div className={page.narrow}>
          <p className={page.notice}>{t('pricing:invalid_product')}</p>
          <Link href="/pricing">{t('common:nav_pricing')}</Link>
        </div>
      </main>
    );
  }

  const status = order.data?.status;
  const statusText =
    status === 'paid'
      ? t('pricing:purchased_status_paid')
      : status === 'pending'
        ? t('pricing:purchased_status_pending')
        : t('pricing:purchased_status_failed');

  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>
          {paid ? t('pricing:purchased_title') : t('pricing:result_title')}
        </h1>
        {order.isPending ? (
          <Spinner label={t('common:loading')} showLabel />
        ) : order.data ? (
          <div className={page.formCard}>
            <div>
              <div className={page.summaryRow}>
                <span>{t('pricing:purchased_order', { orderId })}</span>
                <strong role="status">{statusText}</strong>
              </div>
              <div className={page.summaryRow}>
                <span>{t('pricing:summary_plan')}</span>
                <span>{order.data.productName}</span>
              </div>
              <div className={page.summaryRow}>
                <span>{t('pricing:summary_total')}</span>
                <span>
                  {formatMoney(order.data.amount.amountMinor, order.data.amount.currency, language)}
                </span>
              </div>
            </div>
            {waiting && group.data && <GroupSharePaid group={group.data} heading="h2" />}
            {paid && !waiting && expiry > 0 && (
              <p className={page.successBox}>
                {t('pricing:purchased_new_expiry', { date: formatDate(expiry, language) })}
              </p>
            )}
            {status === 'pending' && (
              <p className={page.text}>
                {order.data.paymentNotDetected
                  ? t('pricing:result_not_detected')
                  : t('pricing:purchased_pending')}
              </p>
            )}
            {(status === 'failed' || status === 'expired' || status === 'cancelled') && (
              <p className={page.notice}>{t('pricing:result_failure_body')}</p>
            )}
            {paid && (
              <>
                <h2 className={page.tileTitle}>{t('pricing:purchased_next_steps')}</h2>
                <ol className={page.list}>
                  <li>{t('pricing:purchased_step_download')}</li>
                  <li>{t('pricing:purchased_step_login')}</li>
                </ol>
                <div className={page.row}>
                  <LinkButton href="/download">{t('pricing:purchased_download')}</LinkButton>
                  <LinkButton href="/user/profile" variant="secondary">
                    {t('pricing:result_view_account')}
                  </LinkButton>
                </div>
              </>
            )}
            {(status === 'failed' || status === 'expired' || status === 'cancelled') && (
              <Link href="/pricing">{t('pricing:result_try_again')}</Link>
            )}
          </div>
        ) : null}
      </div>
    </main>
  );
}
