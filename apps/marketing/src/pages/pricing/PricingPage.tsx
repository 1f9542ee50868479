import type { PaymentMethod, Plan } from '@nimbus/api-sdk/contract';
import { usePaymentShop, useSystemClientConfig } from '@nimbus/api-sdk/react';
import { prepareNumberFormatting, useLanguage, useTranslation } from '@nimbus/i18n';
import { Spinner } from '@nimbus/ui/spinner';
import { useAfterPaint, useDisplayConfig } from '@nimbus/web';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PaymentMethodPicker } from '../../components/payment-methods.tsx';
import * as page from '../../styles/page.css.ts';
import { FAMILY, PlanList, type Family } from './PlanList.tsx';

const NO_PLANS: readonly Plan[] = [];

// The order summary (promo code, upgrade, purchase, the payment-result dialog) is a chunk of
// its own, loaded once the plans are shown: the first screen is the plan list.
const OrderSummary = lazy(() =>
  import('./OrderSummary.tsx').then((module) => ({ default: module.OrderSummary })),
);

// The page shows prices: ICU's number data loads now, in a task apart from the render.
prepareNumberFormatting();

/**
 * Pricing (spec section 2): Standard/Lite plans and the payment method; the order summary (with
 * the promo code, the Lite-to-Standard upgrade and the purchase) is its own lazy component, keyed
 * by the chosen plan, and renders one task after the plans (`useAfterPaint`), so neither render
 * nor the hydration of the page carries all of it. The plan list is memoised apart
 * (`PlanList`): the client config, the method and the summary do not render it again.
 */
export default function PricingPage() {
  const { t } = useTranslation(['pricing', 'common']);
  const language = useLanguage();
  const [search, setSearch] = useSearchParams();
  const shop = usePaymentShop({});
  const config = useSystemClientConfig({});
  // The shop's answer arrives as a synchronous store update (TanStack Query): the page renders
  // the plans from a deferred copy, in a transition React splits into slices that yield to the
  // browser, instead of one long task.
  const shopItems = useDeferredValue(shop.isPending ? undefined : (shop.data?.items ?? NO_PLANS));
  const pending = shopItems === undefined;
  const plans = shopItems ?? NO_PLANS;

  const requested = plans.find((p) => p.productId === search.get('plan'));
  // The plan the operator highlights (display config), the recommended one until it arrives.
  const highlightId =
    useDisplayConfig()?.config.highlightProductId ?? plans.find((p) => p.recommended)?.productId;
  const highlighted = plans.find((p) => p.productId === highlightId);
  // The plan asked for in ?plan= counts once the plans have loaded (after logging in, the page
  // mounts before the shop answers), until the visitor chooses another.
  const [familyChoice, setFamily] = useState<Family | undefined>();
  const family: Family =
    familyChoice ?? ((requested ?? highlighted)?.groupType === 2 ? 'lite' : 'standard');
  const familyPlans = useMemo(
    () => plans.filter((p) => p.groupType === FAMILY[family]),
    [plans, family],
  );
  const [chosenPlan, setChosen] = useState<string | undefined>();
  const chosen = chosenPlan ?? (familyChoice === undefined ? requested?.productId : undefined);
  const selected =
    familyPlans.find((p) => p.productId === chosen) ??
    familyPlans.find((p) => p.productId === highlightId) ??
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

  // Stable callbacks: the plan list renders again only when the plans or the choice change.
  const choosePlan = useCallback(
    (productId: string) => {
      setChosen(productId);
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('plan', productId);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearch],
  );
  const chooseFamily = useCallback((value: Family) => {
    setFamily(value);
    setChosen(undefined);
  }, []);

  // When the plans arrive, the plan list renders first and the order summary one task later.
  const summaryShown = useAfterPaint(!pending);

  return (
    <main className={page.section}>
      <div className={page.container}>
        <h1 className={page.pageTitle}>{t('pricing:title')}</h1>
        <p className={page.lead}>
          {t('pricing:subtitle')} {t('pricing:refund_note')}
        </p>

        {pending ? (
          <div className={page.pendingBlock}>
            <Spinner label={t('common:loading')} showLabel />
          </div>
        ) : (
          <div className={`${page.grid[2]} ${page.mtXl} ${page.alignStart}`}>
            <div className={page.stack}>
              <PlanList
                plans={familyPlans}
                family={family}
                onFamilyChange={chooseFamily}
                selectedId={selected?.productId}
                onChoose={choosePlan}
                language={language}
                highlightId={highlightId}
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
                <Suspense fallback={<Spinner label={t('common:loading')} />}>
                  <OrderSummary
                    key={selected.productId}
                    plan={selected}
                    method={method}
                    standard={family === 'standard'}
                    language={language}
                  />
                </Suspense>
              )}
            </aside>
          </div>
        )}
      </div>
    </main>
  );
}
