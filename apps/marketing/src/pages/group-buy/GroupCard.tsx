import type { GroupBuy, PaymentMethod } from '@nimbus/api-sdk/contract';
import {
  useLoginState,
  usePaymentJointJoin,
  usePaymentJointJoinForPay,
} from '@nimbus/api-sdk/react';
import { GroupBuyPaymentType, GroupBuyStatus } from '@nimbus/domain/enums';
import { joinRefusal } from '@nimbus/domain/group-buy';
import { formatDateTime, formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { CopyButton } from '@nimbus/ui/copy-button';
import { Countdown } from '@nimbus/ui/countdown';
import { LinkButton } from '@nimbus/ui/link-button';
import { loginUrl } from '@nimbus/web';
import { useState } from 'react';
import { useCountdownUnits } from '../../components/useCountdownUnits.ts';
import * as page from '../../styles/page.css.ts';

/**
 * Why this visitor cannot join: their own group or one they are in, then the domain's reasons in
 * the order a person wants to hear them (ended, creator not paid, full).
 */
function refusal(group: GroupBuy, now: number): keyof typeof REFUSAL_TEXT | null {
  if (group.viewerRole === 'creator') return 'own';
  if (group.viewerRole === 'member') return 'already_joined';
  return joinRefusal(group, now);
}

const REFUSAL_TEXT = {
  own: 'group-buy:refuse_own_group',
  already_joined: 'group-buy:refuse_already_joined',
  group_ended: 'group-buy:refuse_ended',
  creator_not_paid: 'group-buy:refuse_creator_not_paid',
  group_full: 'group-buy:refuse_full',
} as const;

/**
 * One group: plan, members, countdown ('Ended' at zero), invite link; joining for free (pay-all)
 * or paying one's share (pay-self); 'Log In and Join Now' when anonymous; each refusal in words.
 */
export function GroupCard({
  group,
  paymentMethod,
  onCheckout,
}: {
  group: GroupBuy;
  paymentMethod: PaymentMethod | undefined;
  onCheckout: (orderId: string, url: string | null) => void;
}) {
  const { t } = useTranslation(['group-buy', 'pricing', 'common']);
  const language = useLanguage();
  const units = useCountdownUnits();
  const loginState = useLoginState();
  const join = usePaymentJointJoin();
  const joinForPay = usePaymentJointJoinForPay();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [now] = useState(() => Date.now());
  const why = refusal(group, now);
  const price = formatMoney(group.unitPriceMinor, group.currency, language);
  const inviteUrl =
    typeof window === 'undefined'
      ? group.inviteLink
      : new URL(group.inviteLink, window.location.origin).toString();

  const act = () => {
    if (group.paymentType === GroupBuyPaymentType.PAY_ALL) {
      join.mutate({ groupId: group.groupId });
      return;
    }
    if (!paymentMethod) return;
    const tab = window.open('about:blank', '_blank');
    joinForPay.mutate(
      { groupId: group.groupId, paymentMethod, idempotencyKey },
      {
        onSuccess: (result) => {
          if (result.checkoutUrl && tab) tab.location.href = result.checkoutUrl;
          else tab?.close();
          onCheckout(result.orderId, result.checkoutUrl);
        },
        onError: () => tab?.close(),
      },
    );
  };

  return (
    <article className={page.tile} aria-labelledby={`group-${group.groupId}`}>
      <h2 id={`group-${group.groupId}`} className={page.tileTitle}>
        {t('group-buy:invited_by', { name: group.creator })}
      </h2>
      <div className={page.stack}>
        <div>
          <div className={page.summaryRow}>
            <span>{t('group-buy:col_product')}</span>
            <span>{group.productName}</span>
          </div>
          <div className={page.summaryRow}>
            <span>{t('group-buy:unit_price')}</span>
            <span>{t('group-buy:price_per_person', { price })}</span>
          </div>
          <div className={page.summaryRow}>
            <span>{t('group-buy:col_devices')}</span>
            <span>{t('pricing:devices_allowed', { count: group.devicesAllowed })}</span>
          </div>
          <div className={page.summaryRow}>
            <span>{t('group-buy:payment_type')}</span>
            <span>
              {group.paymentType === GroupBuyPaymentType.PAY_ALL
                ? t('group-buy:pay_all')
                : t('group-buy:pay_self')}
            </span>
          </div>
          <div className={page.summaryRow}>
            <span>{t('group-buy:members')}</span>
            <span>
              {t('group-buy:members_joined', { joined: group.membersJoined, size: group.size })}
            </span>
          </div>
          {group.status === GroupBuyStatus.UNFINISHED && (
            <div className={page.summaryRow}>
              <span>{t('group-buy:col_expires_at')}</span>
              <span>{formatDateTime(group.expireAt, language)}</span>
            </div>
          )}
          <div className={page.summaryRow}>
            <span>{t('group-buy:status')}</span>
            <span>
              {group.status === GroupBuyStatus.FINISHED
                ? t('group-buy:status_finished')
                : group.creatorPaid
                  ? t('group-buy:status_unfinished')
                  : t('group-buy:status_awaiting_payment')}
            </span>
          </div>
        </div>
        {group.status === GroupBuyStatus.UNFINISHED && group.creatorPaid && (
          <p className={page.text}>
            {t('group-buy:members_waiting', { count: group.size - group.membersJoined })}
          </p>
        )}
        {group.status === GroupBuyStatus.UNFINISHED && (
          <Countdown
            endAt={group.expireAt}
            units={units}
            endedLabel={t('group-buy:ended')}
            label={t('group-buy:countdown', { time: '' })}
          />
        )}
        {join.isSuccess && (
          <p className={page.successBox} role="status">
            {join.data.status === GroupBuyStatus.FINISHED
              ? t('group-buy:join_success_complete')
              : t('group-buy:join_success')}
          </p>
        )}
        {!join.isSuccess && why && (
          <p className={page.notice} role="status">
            {t(REFUSAL_TEXT[why])}
          </p>
        )}
        {!join.isSuccess &&
          !why &&
          (loginState === 'loggedIn' ? (
            <Button
              size="lg"
              fullWidth
              loading={join.isPending || joinForPay.isPending}
              onClick={act}
              disabled={group.paymentType === GroupBuyPaymentType.PAY_SELF && !paymentMethod}
            >
              {group.paymentType === GroupBuyPaymentType.PAY_ALL
                ? t('group-buy:join_free')
                : t('group-buy:join_and_pay', { price })}
            </Button>
          ) : (
            <LinkButton
              href={loginUrl(`/group-buying?groupId=${encodeURIComponent(group.groupId)}`)}
              size="lg"
            >
              {t('group-buy:login_and_join')}
            </LinkButton>
          ))}
        {(group.viewerRole === 'creator' || group.viewerRole === 'member') &&
          // Only while a friend can still join: not once full, ended or unpaid.
          joinRefusal(group, now) === null && (
            <div className={page.stack}>
              <p className={page.text}>{t('group-buy:share_hint')}</p>
              <p className={page.mono}>{inviteUrl}</p>
              <CopyButton
                text={inviteUrl}
                label={t('group-buy:copy_link')}
                copiedLabel={t('common:copied')}
                variant="secondary"
              />
            </div>
          )}
      </div>
    </article>
  );
}
