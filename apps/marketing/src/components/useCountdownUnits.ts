import { useTranslation } from '@nimbus/i18n';

/** The countdown unit names of the catalogue (d/h/m/s, 天/时/分/秒). */
export function useCountdownUnits() {
  const { t } = useTranslation('common');
  return {
    days: t('countdown_day_short'),
    hours: t('countdown_hour_short'),
    minutes: t('countdown_minute_short'),
    seconds: t('countdown_second_short'),
  };
}
