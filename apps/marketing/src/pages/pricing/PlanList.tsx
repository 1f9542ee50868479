import type { Plan } from '@nimbus/api-sdk/contract';
import { formatMoney, type Language, useTranslation } from '@nimbus/i18n';
import { PlanCard, PlanCardGroup } from '@nimbus/ui/plan-card';
import { Tabs } from '@nimbus/ui/tabs';
import { memo } from 'react';
import * as page from '../../styles/page.css.ts';
import { useDurationLabel } from './plan-labels.ts';

export const FAMILY = { standard: 1, lite: 2 } as const;
export type Family = keyof typeof FAMILY;

export interface PlanListProps {
  /** The plans of the family shown. */
  plans: readonly Plan[];
  family: Family;
  onFamilyChange: (family: Family) => void;
  selectedId: string | undefined;
  onChoose: (productId: string) => void;
  language: Language;
  /** The plan marked most popular: the operator's highlighted one (display config). */
  highlightId: string | undefined;
}

/**
 * Pricing's Standard/Lite tabs and the plans of the family shown, as a radio group. Memoised:
 * the client config, the payment method and the order summary (promo code, coupon, upgrade)
 * change without rendering the plans again (the longest render of the page on a phone).
 */
export const PlanList = memo(function PlanList({
  plans,
  family,
  onFamilyChange,
  selectedId,
  onChoose,
  language,
  highlightId,
}: PlanListProps) {
  const { t } = useTranslation(['pricing', 'common']);
  const durationLabel = useDurationLabel();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  return (
    <Tabs
      label={t('pricing:family_label')}
      value={family}
      onValueChange={(value) => onFamilyChange(value as Family)}
      items={(['standard', 'lite'] as const).map((value) => ({
        value,
        label: t(value === 'standard' ? 'pricing:plan_standard' : 'pricing:plan_lite'),
        content: (
          <div className={page.stack}>
            <p className={page.text}>
              {t(value === 'standard' ? 'pricing:plan_standard_desc' : 'pricing:plan_lite_desc')}
            </p>
            {value === family && (
              <PlanCardGroup
                legend={t('pricing:title')}
                hideLegend
                name="plan"
                value={selectedId}
                onChange={onChoose}
              >
                {plans.map((plan) => (
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
                    devicesLabel={t('pricing:devices_allowed', { count: plan.devicesAllowed })}
                    {...(plan.productId === highlightId
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
  );
});
