import type { PaymentMethod, Plan } from '@nimbus/api-sdk/contract';
import {
  useLoginState,
  usePaymentCoupon,
  usePaymentPurchase,
  usePaymentShop,
  usePaymentUpgradeQuote,
  useSystemClientConfig,
  useSystemUserInfo,
} from '@nimbus/api-sdk/react';
import { validatePromoCode } from '@nimbus/domain/promo-code';
import { formatDuration, formatMoney, isLanguage, prepareNumberFormatting, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Checkbox } from '@nimbus/ui/checkbox';
import { PlanCard, PlanCardGroup } from '@nimbus/ui/plan-card';
import { Spinner } from '@nimbus/ui/spinner';
import { Tabs } from '@nimbus/ui/tabs';
import { TextField } from '@nimbus/ui/text-field';
import { loginUrl, useAfterPaint, useGo } from '@nimbus/web';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PaymentMethodPicker } from '../../components/payment-methods.tsx';
import { useValidationText } from '../auth/auth-shared.tsx';
import * as page from '../../styles/page.css.ts';
import { useDurationLabel } from './plan-labels.ts';
import { PaymentResultDialog } from './PaymentResultDialog.tsx';

// The page shows prices: ICU's number data loads now, in a task apart from the render.
prepareNumberFormatting();

const FAMILY = { standard: 1, lite: 2 } as const;
type Family = keyof typeof FAMILY;

/**
 * Pricing (spec section 2): Standard/Lite plans, payment method, order summary with the original
 * price and savings, promo code, 'Log in to Pay' when anonymous, purchase with an idempotency key
 * (the checkout opens in a new tab), the payment-result dialog, and the Lite-to-Standard upgrade.
 */
export default function PricingPage() {
  const { t, i18n } = useTranslation(['pricing', 'common']);
  const language = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  const validationText = useValidationText();
  const durationLabel = useDurationLabel();
  const [search, setSearch] = useSearchParams();
  const go = useGo();
  const loginState = useLoginState();
  const shop = usePaymentShop({});
  const config = useSystemClientConfig({});
  const userInfo = useSystemUserInfo({}, { enabled: loginState === 'loggedIn' });
  const plans = useMemo(() => shop.data?.items ?? [], [shop.data]);

  const requested = plans.find((p) => p.productId === search.get('plan'));
  // The plan asked for in ?plan= counts once the plans have loaded (after logging in, the page
  // mounts before the shop answers), until the visitor chooses another.
  const [familyChoice, setFamily] = useState<Family | undefined>();
  const family: Family = familyChoice ?? (requested?.groupType === 2 ? 'lite' : 'standard');
  const familyPlans = plans.filter((p) => p.groupType === FAMILY[family]);
  const [chosenPlan, setChosen] = useState<string | undefined>();
  const chosen = chosenPlan ?? (familyChoice === undefined ? requested?.productId : undefined);
  const selected: Plan | undefined =
    familyPlans.find((p) => p.productId === chosen) ?? familyPlans.find((p) => p.recommended) ?? familyPlans[0];

  const methods = config.data?.paymentMethods ?? [];
  const [methodChoice, setMethodChoice] = useState<PaymentMethod | undefined>();
  const method = methodChoice && methods.includes(methodChoice) ? methodChoice : methods.find((m) => m !== 'crypto') ?? methods[0];

  const [promoInput, setPromoInput] = useState('');
  const [promoError, setPromoError] = useState<string | undefined>();
  const [promo, setPromo] = useState<{ code: string; productId: string } | null>(null);
  const coupon = usePaymentCoupon(promo ?? { code: '', productId: '' }, { enabled: promo !== null });
  const applied = coupon.data && promo && selected && coupon.data.productId === selected.productId ? coupon.data : undefined;

  const liteLeft = userInfo.data ? userInfo.data.liteExpireTime > Date.now() : false;
  const upgradeOffered = family === 'standard' && liteLeft && selected !== undefined;
  const [upgrade, setUpgrade] = useState(false);
  const quote = usePaymentUpgradeQuote({ productId: selected?.productId ?? '' }, { enabled: upgradeOffered && upgrade });

  const purchase = usePaymentPurchase();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [resultOrder, setResultOrder] = useState<string | null>(null);

  const choosePlan = (productId: string) => {
    setChosen(productId);
    setPromo(null);
    setIdempotencyKey(crypto.randomUUID());
    const next = new URLSearchParams(search);
    next.set('plan', productId);
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  const applyPromo = (event: FormEvent) => {
    event.preventDefault();
    const result = validatePromoCode(promoInput);
    if (!result.ok) {
      setPromoError(validationText(result.error));
      return;
    }
    setPromoError(undefined);
    if (selected) setPromo({ code: result.value, productId: selected.productId });
  };

  const pay = () => {
    if (!selected || !method) return;
    if (loginState !== 'loggedIn') {
      go(loginUrl(`/pricing?plan=${encodeURIComponent(selected.productId)}`));
      return;
    }
    if (method === 'crypto') {
      go(`/crypto-pay/${encodeURIComponent(selected.productId)}${applied ? `?promo=${encodeURIComponent(applied.code)}` : ''}`);
      return;
    }
    // Open the tab in the click itself (popup blockers), then point it at the checkout.
    const tab = window.open('about:blank', '_blank');
    purchase.mutate(
      {
        productId: selected.productId,
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

  // When the plans arrive, the plan list renders first and the order summary one task later.
  const summaryShown = useAfterPaint(!shop.isPending);
  const total = applied ? applied.priceMinor : quote.data ? quote.data.price.amountMinor : selected?.priceMinor ?? 0;

  return (
    <main className={page.section}>
      <div className={page.container}>
        <h1 className={page.pageTitle}>{t('pricing:title')}</h1>
        <p className={page.lead}>{t('pricing:subtitle')} {t('pricing:refund_note')}</p>

        {shop.isPending ? (
          <div className={page.pendingBlock}><Spinner label={t('common:loading')} showLabel /></div>
        ) : (
          <div className={`${page.grid[2]} ${page.mtXl} ${page.alignStart}`}>
            <div className={page.stack}>
              <Tabs
                label={t('pricing:family_label')}
                value={family}
                onValueChange={(value) => { setFamily(value as Family); setChosen(undefined); setPromo(null); setUpgrade(false); }}
                items={(['standard', 'lite'] as const).map((value) => ({
                  value,
                  label: t(value === 'standard' ? 'pricing:plan_standard' : 'pricing:plan_lite'),
                  content: (
                    <div className={page.stack}>
                      <p className={page.text}>{t(value === 'standard' ? 'pricing:plan_standard_desc' : 'pricing:plan_lite_desc')}</p>
                      {value === family && (
                        <PlanCardGroup legend={t('pricing:title')} hideLegend name="plan" value={selected?.productId} onChange={choosePlan}>
                          {familyPlans.map((plan) => (
                            <PlanCard
                              key={plan.productId}
                              value={plan.productId}
                              planName={plan.name}
                              amount={plan.priceMinor}
                              currency={plan.currency}
                              locale={language}
                              {...(plan.originalPriceMinor > plan.priceMinor ? { originalAmount: plan.originalPriceMinor, originalPriceLabel: t('pricing:original_price') } : {})}
                              periodLabel={durationLabel(plan.durationDays)}
                              {...(plan.savingsMinor > 0 ? { savingsLabel: t('pricing:savings', { amount: money(plan.savingsMinor, plan.currency) }) } : {})}
                              devicesLabel={t('pricing:devices_allowed', { count: plan.devicesAllowed })}
                              {...(plan.recommended ? { highlight: t('pricing:most_popular') } : {})}
                            />
                          ))}
                        </PlanCardGroup>
                      )}
                    </div>
                  ),
                }))}
              />
              {methods.length > 0 && <PaymentMethodPicker methods={methods} value={method} onChange={setMethodChoice} />}
              {method && method !== 'crypto' && <p className={page.notice}>{t('pricing:pay_sandbox_notice')}</p>}
            </div>

            <aside className={page.tile} aria-labelledby="summary-title">
              <h2 id="summary-title" className={page.tileTitle}>{t('pricing:summary_title')}</h2>
              {selected && summaryShown && (
                <div className={page.stack}>
                  <div>
                    <div className={page.summaryRow}><span>{t('pricing:summary_plan')}</span><span>{selected.name}</span></div>
                    <div className={page.summaryRow}><span>{t('pricing:summary_duration')}</span><span>{durationLabel(selected.durationDays)}</span></div>
                    <div className={page.summaryRow}><span>{t('pricing:summary_devices')}</span><span>{t('pricing:devices_allowed', { count: selected.devicesAllowed })}</span></div>
                    <div className={page.summaryRow}>
                      <span>{t('pricing:original_price')}</span>
                      <span className={selected.originalPriceMinor > selected.priceMinor ? page.strike : undefined}>{money(selected.originalPriceMinor, selected.currency)}</span>
                    </div>
                    {selected.savingsMinor > 0 && (
                      <div className={page.summaryRow}><span>{t('pricing:summary_discount')}</span><span>−{money(selected.savingsMinor, selected.currency)}</span></div>
                    )}
                    {applied && (
                      <div className={page.summaryRow}><span>{t('pricing:summary_promo')} ({applied.code})</span><span>−{money(applied.discountMinor, applied.currency)}</span></div>
                    )}
                    {quote.data && (
                      <div className={page.summaryRow}><span>{t('pricing:summary_upgrade_credit')}</span><span>{formatDuration(quote.data.convertedSeconds, language)}</span></div>
                    )}
                    <div className={page.summaryTotal}><span>{t('pricing:summary_total')}</span><span>{money(total, selected.currency)}</span></div>
                  </div>

                  <form className={page.stack} onSubmit={applyPromo} noValidate>
                    <TextField
                      label={t('pricing:promo_label')}
                      value={promoInput}
                      onChange={(e) => { setPromoInput(e.target.value); setPromoError(undefined); }}
                      placeholder={t('pricing:promo_placeholder')}
                      error={promoError}
                      hint={applied ? t('pricing:promo_applied', { amount: money(applied.discountMinor, applied.currency) }) : undefined}
                      end={
                        <Button type="submit" size="sm" variant="secondary" loading={promo !== null && coupon.isFetching} disabled={loginState !== 'loggedIn'}>
                          {t('pricing:promo_apply')}
                        </Button>
                      }
                    />
                  </form>

                  {upgradeOffered && (
                    <div className={page.stack}>
                      <h3 className={page.tileTitle}>{t('pricing:upgrade_title')}</h3>
                      <p className={page.text}>{t('pricing:upgrade_desc')}</p>
                      <Checkbox checked={upgrade} onChange={(e) => setUpgrade(e.target.checked)}>{t('pricing:upgrade_apply')}</Checkbox>
                      {quote.data && (
                        <p className={page.successBox}>
                          {t('pricing:upgrade_conversion', {
                            lite: formatDuration(quote.data.liteRemainingSeconds, language),
                            standard: formatDuration(quote.data.convertedSeconds, language),
                          })}
                        </p>
                      )}
                    </div>
                  )}

                  <Button size="lg" fullWidth loading={purchase.isPending} disabled={!method || loginState === 'unknown'} onClick={pay}>
                    {loginState === 'loggedIn'
                      ? purchase.isPending ? t('pricing:redirecting') : t('pricing:pay_amount', { amount: money(total, selected.currency) })
                      : t('pricing:login_to_pay')}
                  </Button>
                </div>
              )}
            </aside>
          </div>
        )}
      </div>
      {resultOrder && (
        <PaymentResultDialog
          orderId={resultOrder}
          open
          onClose={() => setResultOrder(null)}
          onRetry={() => { setResultOrder(null); setIdempotencyKey(crypto.randomUUID()); }}
        />
      )}
    </main>
  );
}
