import { PaymentDialogState } from '@nimbus/domain/order-status';
import {
  usePaymentJointDetail,
  usePaymentOrderStatus,
  useSystemUserInfo,
} from '@nimbus/api-sdk/react';
import { GroupBuyStatus } from '@nimbus/domain/enums';
import { formatDate, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Dialog } from '@nimbus/ui/dialog';
import { Link } from '@nimbus/ui/link';
import { Spinner } from '@nimbus/ui/spinner';
import { useEffect, useRef, useState } from 'react';
import * as page from '../../styles/page.css.ts';
import { GroupSharePaid } from './GroupSharePaid.tsx';

type Asked = 'question' | 'checking' | 'problem';

function dialogState(order: { status: string; paymentNotDetected: boolean }): PaymentDialogState {
  if (order.status === 'paid') return PaymentDialogState.SUCCESS;
  if (order.status === 'failed' || order.status === 'expired') return PaymentDialogState.FAILURE;
  if (order.status === 'refunded') return PaymentDialogState.REFUNDED;
  return order.paymentNotDetected ? PaymentDialogState.NOT_DETECTED : PaymentDialogState.WAITING;
}

/**
 * The payment-result dialog (spec section 2): asks whether the payment was completed; "yes"
 * checks the order (payment_order_status) until it is paid, failed, or not detected (contact
 * support); success shows the new expiry. A group-buy share (`groupId`) paid into a group that
 * is not full yet starts no membership: it says so, how many more are needed, the invite link
 * and the deadline; `onPaid` lets the page refresh what it shows.
 */
export function PaymentResultDialog({
  orderId,
  groupId,
  open,
  onClose,
  onRetry,
  onPaid,
}: {
  orderId: string;
  groupId?: string;
  open: boolean;
  onClose: () => void;
  onRetry: () => void;
  onPaid?: () => void;
}) {
  const { t } = useTranslation(['pricing', 'group-buy', 'common']);
  const language = useLanguage();
  const [asked, setAsked] = useState<Asked>('question');
  const status = usePaymentOrderStatus(
    { orderId },
    {
      enabled: open && asked === 'checking',
      refetchInterval: (query) =>
        query.state.data && dialogState(query.state.data) === PaymentDialogState.WAITING
          ? 2000
          : false,
    },
  );
  const state =
    asked === 'problem'
      ? PaymentDialogState.FAILURE
      : status.data
        ? dialogState(status.data)
        : null;
  // The expiry must come from a user-info answer fetched after the payment succeeded: a cached
  // one (the session check, under 2 s old) still holds the expiry from before the purchase.
  const userInfo = useSystemUserInfo(
    {},
    { enabled: state === PaymentDialogState.SUCCESS, staleTime: 0 },
  );
  const paid = state === PaymentDialogState.SUCCESS;
  // A group's state after the payment (fetched then, not cached from before).
  const group = usePaymentJointDetail(
    { groupId: groupId ?? '' },
    { enabled: paid && groupId !== undefined, staleTime: 0 },
  );
  const groupNow = group.isFetchedAfterMount && !group.isFetching ? group.data : undefined;
  const reported = useRef(false);
  useEffect(() => {
    if (!paid || reported.current) return;
    reported.current = true;
    onPaid?.();
  }, [paid, onPaid]);
  const fresh = userInfo.isFetchedAfterMount && !userInfo.isFetching;
  const expiry =
    fresh && userInfo.data
      ? Math.max(userInfo.data.standardExpireTime, userInfo.data.liteExpireTime)
      : 0;

  let body;
  if (asked === 'question') {
    body = (
      <div className={page.stack}>
        <p className={page.text}>{t('pricing:result_question')}</p>
        <div className={page.row}>
          <Button onClick={() => setAsked('checking')}>{t('pricing:result_completed')}</Button>
          <Button variant="secondary" onClick={() => setAsked('problem')}>
            {t('pricing:result_problem')}
          </Button>
        </div>
      </div>
    );
  } else if (paid && groupId !== undefined && !groupNow) {
    body = <Spinner label={t('pricing:result_checking')} showLabel />;
  } else if (paid && groupNow && groupNow.status !== GroupBuyStatus.FINISHED) {
    body = <GroupSharePaid group={groupNow} />;
  } else if (state === PaymentDialogState.SUCCESS) {
    body = (
      <div className={page.stack} role="status">
        <h3 className={page.tileTitle}>{t('pricing:result_success_title')}</h3>
        <p className={page.text}>{t('pricing:result_success_body')}</p>
        {expiry > 0 && (
          <p className={page.successBox}>
            {t('pricing:result_new_expiry', { date: formatDate(expiry, language) })}
          </p>
        )}
        <div className={page.row}>
          <Link href="/user/profile">{t('pricing:result_view_account')}</Link>
          <Link href="/download">{t('pricing:purchased_download')}</Link>
        </div>
      </div>
    );
  } else if (state === PaymentDialogState.FAILURE || state === PaymentDialogState.REFUNDED) {
    body = (
      <div className={page.stack} role="alert">
        <h3 className={page.tileTitle}>{t('pricing:result_failure_title')}</h3>
        <p className={page.text}>{t('pricing:result_failure_body')}</p>
        <Button
          onClick={() => {
            setAsked('question');
            onRetry();
          }}
        >
          {t('pricing:result_try_again')}
        </Button>
      </div>
    );
  } else if (state === PaymentDialogState.NOT_DETECTED) {
    body = (
      <p className={page.notice} role="alert">
        {t('pricing:result_not_detected')}
      </p>
    );
  } else {
    body = <Spinner label={t('pricing:result_checking')} showLabel />;
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setAsked('question');
          onClose();
        }
      }}
      title={t('pricing:result_title')}
      closeLabel={t('common:dialog_close')}
    >
      {body}
    </Dialog>
  );
}
