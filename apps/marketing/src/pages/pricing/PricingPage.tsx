import type { PaymentMethod } from '@nimbus/api-sdk/contract';
import { usePaymentShop, useSystemClientConfig } from '@nimbus/api-sdk/react';
import { formatMoney, prepareNumberFormatting, useLanguage, useTranslation } from '@nimbus/i18n';
import { PlanCard, PlanCardGroup } from '@nimbus/ui/plan-card';
import { Spinner } from '@nimbus/ui/spinner';
import { Tabs } from '@nimbus/ui/tabs';
import { useAfterPaint } from '@nimbus/web';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PaymentMethodPicker } from '../../components/payment-methods.tsx';
import * as page from '../../styles/page.css.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { useDurationLabel } from './plan-labels.ts';

// The page shows prices: ICU's number data loads now, in a task apart from the render.
prepareNumberFormatting();

const FAMILY = { standard: 1, lite: 2 } as const;
type Family = keyof typeof FAMILY;

/**
 * Pricing (spec section 2): Standard/Lite plans and the payment method; the order summary (with
 * the promo code, the Lite-to-Standard upgrade and the purchase) is its own component, keyed by
 * the chosen plan, and renders one task after the plans (`useAfterPaint`), so neither render
 * nor the hydration of the page carries all of it.
 */
export default function PricingPage() {
  const { t } = useTranslation(['pricing', 'common']);
  const language = useLanguage();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  const durationLabel = useDurationLabel();
  const [search, setSearch] = useSearchParams();
  const shop = usePaymentShop({});
  const config = useSystemClientConfig({});
  const plans = useMemo(() => shop.data?.items ?? [], [shop.data]);

  const requested = plans.find((p) => p.productId === search.get('plan'));
  // The plan asked for in ?plan= counts once the plans have loaded (after logging in, the page
  // mounts before the shop answers), until the visitor chooses another.
  const [familyChoice, setFamily] = useState<Family | undefined>();
  const family: Family = familyChoice ?? (requested?.groupType === 2 ? 'lite' : 'standard');
  const familyPlans = plans.filter((p) => p.groupType === FAMILY[family]);
  const [chosenPlan, setChosen] = useState<string | undefined>();
  const chosen = chosenPlan ?? (familyChoice === undefined ? requested?.productId : undefined);
  const selected =
    familyPlans.find((p) => p.productId === chosen) ??
    familyPlans.find((p) => p.recommended) ??
    familyPlans[0];

  const methods = config.data?.paymentMethods ?? [];
  // Methods whose provider moves no money (the sandbox, a Stripe test key) carry the notice.
  const testModeMethods = config.data?.testModeMethods ?? [];
  const [methodChoice, setMethodChoice] = useState<PaymentMethod | undefined>();
  const method =
    methodChoice && methods.includes(methodChoice)
      ? methodChoice
      : (methods.find((m) => m !== 'crypto') ?? methods[0]);

  const choosePlan = (productId: string) => {
    setChosen(productId);
    const next = new URLSearchParams(search);
    next.set('plan', productId);
    setSearch(next, { replace: true, preventScrollReset: true });
  };

  // When the plans arrive, the plan list renders first and the order summary one task later.
  const summaryShown = useAfterPaint(!shop.isPending);

  return (
    <main className={page.section}>
      <div className={page.container}>
        <h1 className={page.pageTitle}>{t('pricing:title')}</h1>
        <p className={page.lead}>
          {t('pricing:subtitle')} {t('pricing:refund_note')}
        </p>

        {shop.isPending ? (
          <div className={page.pendingBlock}>
            <Spinner label={t('common:loading')} showLabel />
          </div>
        ) : (
          <div className={`${page.grid[2]} ${page.mtXl} ${page.alignStart}`}>
            <div className={page.stack}>
              <Tabs
                label={t('pricing:family_label')}
                value={family}
                onValueChange={(value) => {
                  setFamily(value as Family);
                  setChosen(undefined);
                }}
                items={(['standard', 'lite'] as const).map((value) => ({
                  value,
                  label: t(value === 'standard' ? 'pricing:plan_standard' : 'pricing:plan_lite'),
                  content: (
                    <div className={page.stack}>
                      <p className={page.text}>
                        {t(
                          value === 'standard'
                            ? 'pricing:plan_standard_desc'
                            : 'pricing:plan_lite_desc',
                        )}
                      </p>
                      {value === family && (
                        <PlanCardGroup
                          legend={t('pricing:title')}
                          hideLegend
                          name="plan"
                          value={selected?.productId}
                          onChange={choosePlan}
                        >
                          {familyPlans.map((plan) => (
                            <PlanCard
                              key={plan.productId}
                              value={plan.productId}
                              planName={plan.name}
                              amount={plan.priceMinor}
                              currency={plan.currency}
                              locale={language}
                              {...(plan.originalPriceMinor > plan.priceMinor
                                ? {
                                    originalAmount: plan.originalPriceMinor,
                                    originalPriceLabel: t('pricing:original_price'),
                                  }
                                : {})}
                              periodLabel={durationLabel(plan.durationDays)}
                              {...(plan.savingsMinor > 0
                                ? {
                                    savingsLabel: t('pricing:savings', {
                                      amount: money(plan.savingsMinor, plan.currency),
                                    }),
                                  }
                                : {})}
                              devicesLabel={t('pricing:devices_allowed', {
                                count: plan.devicesAllowed,
                              })}
                              {...(plan.recommended
                                ? { highlight: t('pricing:most_popular') }
                                : {})}
                            />
                          ))}
                        </PlanCardGroup>
                      )}
                    </div>
                  ),
                }))}
              />
              {methods.length > 0 && (
                <PaymentMethodPicker methods={methods} value={method} onChange={setMethodChoice} />
              )}
              {method && testModeMethods.includes(method) && (
                <p className={page.notice}>{t('pricing:pay_sandbox_notice')}</p>
              )}
            </div>

            <aside className={page.tile} aria-labelledby="summary-title">
              <h2 id="summary-title" className={page.tileTitle}>
                {t('pricing:summary_title')}
              </h2>
              {selected && summaryShown && (
                <OrderSummary
                  key={selected.productId}
                  plan={selected}
                  method={method}
                  standard={family === 'standard'}
                  language={language}
                />
              )}
            </aside>
          </div>
        )}
      </div>
    </main>
  );
}
