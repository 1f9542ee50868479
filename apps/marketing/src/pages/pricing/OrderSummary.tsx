import type { PaymentMethod, Plan } from '@nimbus/api-sdk/contract';
import {
  useLoginState,
  usePaymentCoupon,
  usePaymentPurchase,
  usePaymentUpgradeQuote,
  useSystemUserInfo,
} from '@nimbus/api-sdk/react';
import { validatePromoCode } from '@nimbus/domain/promo-code';
import {
  formatDuration,
  formatMoney,
  formatPercent,
  type Language,
  useTranslation,
} from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Checkbox } from '@nimbus/ui/checkbox';
import { useRemaining } from '@nimbus/ui/countdown';
import { TextField } from '@nimbus/ui/text-field';
import { loginUrl, useGo } from '@nimbus/web';
import { useState, type FormEvent } from 'react';
import { useValidationText } from '../../components/validation-text.ts';
import * as page from '../../styles/page.css.ts';
import { useDurationLabel } from './plan-labels.ts';
import { LazyPaymentResultDialog } from './LazyPaymentResultDialog.tsx';

export interface OrderSummaryProps {
  /**
   * The chosen plan; the page keys this component by it, so a new plan starts a new order (no
   * promo, a new idempotency key).
   */
  plan: Plan;
  method: PaymentMethod | undefined;
  /** The Standard family is shown: a Lite member may convert their remaining Lite time. */
  standard: boolean;
  language: Language;
}

/**
 * The order: plan, period, devices, original price, discount, promo code, the Lite-to-Standard
 * conversion, the total and the pay button ('Log in to Pay' when anonymous); the purchase has an
 * idempotency key, opens the checkout in a new tab and then asks in the payment-result dialog.
 */
export function OrderSummary({ plan, method, standard, language }: OrderSummaryProps) {
  const { t } = useTranslation(['pricing', 'common']);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  const validationText = useValidationText();
  const durationLabel = useDurationLabel();
  const go = useGo();
  const loginState = useLoginState();
  const userInfo = useSystemUserInfo({}, { enabled: loginState === 'loggedIn' });

  const [promoInput, setPromoInput] = useState('');
  const [promoError, setPromoError] = useState<string | undefined>();
  // The code applied to this plan (a new plan is a new OrderSummary, so always this one's).
  const [promo, setPromo] = useState<string | null>(null);
  const coupon = usePaymentCoupon(
    { code: promo ?? '', productId: plan.productId },
    { enabled: promo !== null },
  );
  const applied = promo === null ? undefined : coupon.data;

  // Lite time left, read from the clock once a minute (a render never reads it itself).
  const liteLeft = useRemaining(userInfo.data?.liteExpireTime ?? null, 60_000) > 0;
  const upgradeOffered = standard && liteLeft;
  const [upgrade, setUpgrade] = useState(false);
  // Asked as soon as the conversion is offered: its rate (run-time setting) is in the offer's text.
  const quote = usePaymentUpgradeQuote({ productId: plan.productId }, { enabled: upgradeOffered });

  const purchase = usePaymentPurchase();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [resultOrder, setResultOrder] = useState<string | null>(null);

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    const result = validatePromoCode(promoInput);
    if (!result.ok) {
      setPromoError(validationText(result.error));
      return;
    }
    setPromoError(undefined);
    setPromo(result.value);
  };

  const pay = () => {
    if (!method) return;
    if (loginState !== 'loggedIn') {
      go(loginUrl(`/pricing?plan=${encodeURIComponent(plan.productId)}`));
      return;
    }
    if (method === 'crypto') {
      go(
        `/crypto-pay/${encodeURIComponent(plan.productId)}${applied ? `?promo=${encodeURIComponent(applied.code)}` : ''}`,
      );
      return;
    }
    // Open the tab in the click itself (popup blockers), then point it at the checkout.
    const tab = window.open('about:blank', '_blank');
    purchase.mutate(
      {
        productId: plan.productId,
        paymentMethod: method,
        idempotencyKey,
        ...(applied ? { promoCode: applied.code } : {}),
        ...(upgradeOffered && upgrade ? { upgrade: true } : {}),
      },
      {
        onSuccess: (order) => {
          if (!order.checkoutUrl) {
            tab?.close();
            go(`/purchased?orderId=${encodeURIComponent(order.orderId)}`);
            return;
          }
          if (tab) tab.location.href = order.checkoutUrl;
          else window.location.assign(order.checkoutUrl);
          setResultOrder(order.orderId);
        },
        onError: () => tab?.close(),
      },
    );
  };

  const total = applied
    ? applied.priceMinor
    : quote.data
      ? quote.data.price.amountMinor
      : plan.priceMinor;

  return (
    <div className={page.stack}>
      <div>
        <div className={page.summaryRow}>
          <span>{t('pricing:summary_plan')}</span>
          <span>{plan.name}</span>
        </div>
        <div className={page.summaryRow}>
          <span>{t('pricing:summary_duration')}</span>
          <span>{durationLabel(plan.durationDays)}</span>
        </div>
        <div className={page.summaryRow}>
          <span>{t('pricing:summary_devices')}</span>
          <span>{t('pricing:devices_allowed', { count: plan.devicesAllowed })}</span>
        </div>
        <div className={page.summaryRow}>
          <span>{t('pricing:original_price')}</span>
          <span className={plan.originalPriceMinor > plan.priceMinor ? page.strike : undefined}>
            {money(plan.originalPriceMinor, plan.currency)}
          </span>
        </div>
        {plan.savingsMinor > 0 && (
          <div className={page.summaryRow}>
            <span>{t('pricing:summary_discount')}</span>
            <span>−{money(plan.savingsMinor, plan.currency)}</span>
          </div>
        )}
        {applied && (
          <div className={page.summaryRow}>
            <span>
              {t('pricing:summary_promo')} ({applied.code})
            </span>
            <span>−{money(applied.discountMinor, applied.currency)}</span>
          </div>
        )}
        {quote.data && (
          <div className={page.summaryRow}>
            <span>{t('pricing:summary_upgrade_credit')}</span>
            <span>{formatDuration(quote.data.convertedSeconds, language)}</span>
          </div>
        )}
        <div className={page.summaryTotal}>
          <span>{t('pricing:summary_total')}</span>
          <span>{money(total, plan.currency)}</span>
        </div>
      </div>

      <form className={page.stack} onSubmit={applyPromo} noValidate>
        <TextField
          label={t('pricing:promo_label')}
          value={promoInput}
          onChange={(e) => {
            setPromoInput(e.target.value);
            setPromoError(undefined);
          }}
          placeholder={t('pricing:promo_placeholder')}
          error={promoError}
          hint={
            applied
              ? t('pricing:promo_applied', {
                  amount: money(applied.discountMinor, applied.currency),
                })
              : undefined
          }
          end={
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              loading={promo !== null && coupon.isFetching}
              disabled={loginState !== 'loggedIn'}
            >
              {t('pricing:promo_apply')}
            </Button>
          }
        />
      </form>

      {upgradeOffered && (
        <div className={page.stack}>
          <h3 className={page.tileTitle}>{t('pricing:upgrade_title')}</h3>
          {quote.data && (
            <p className={page.text}>
              {t('pricing:upgrade_desc', {
                percent: formatPercent(quote.data.conversionPercent, language),
              })}
            </p>
          )}
          <Checkbox checked={upgrade} onChange={(e) => setUpgrade(e.target.checked)}>
            {t('pricing:upgrade_apply')}
          </Checkbox>
          {upgrade && quote.data && (
            <p className={page.successBox}>
              {t('pricing:upgrade_conversion', {
                lite: formatDuration(quote.data.liteRemainingSeconds, language),
                standard: formatDuration(quote.data.convertedSeconds, language),
              })}
            </p>
          )}
        </div>
      )}

      <Button
        size="lg"
        fullWidth
        loading={purchase.isPending}
        disabled={!method || loginState === 'unknown'}
        onClick={pay}
      >
        {loginState === 'loggedIn'
          ? purchase.isPending
            ? t('pricing:redirecting')
            : t('pricing:pay_amount', { amount: money(total, plan.currency) })
          : t('pricing:login_to_pay')}
      </Button>

      {resultOrder && (
        <LazyPaymentResultDialog
          orderId={resultOrder}
          open
          onClose={() => setResultOrder(null)}
          onRetry={() => {
            setResultOrder(null);
            setIdempotencyKey(crypto.randomUUID());
          }}
        />
      )}
    </div>
  );
}
