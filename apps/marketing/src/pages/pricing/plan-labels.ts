import { planMonths } from '@nimbus/domain/plan-pricing';
import { useTranslation } from '@nimbus/i18n';
import { useCallback } from 'react';

/** "1 month", "12 months", "1 year", "7 days": a plan's period in words. */
export function useDurationLabel(): (durationDays: number) => string {
  const { t } = useTranslation(['pricing']);
  return useCallback(
    (durationDays: number) => {
      const months = planMonths(durationDays);
      if (months === 0) return t('pricing:duration_days', { count: durationDays });
      if (months % 12 === 0) return t('pricing:duration_years', { count: months / 12 });
      return t('pricing:duration_months', { count: months });
    },
    [t],
  );
}
