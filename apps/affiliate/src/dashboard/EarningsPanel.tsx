import { lazy, Suspense, useMemo, useState } from 'react';
import { formatDate, formatMoney, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Spinner } from '@nimbus/ui/spinner';
import { visuallyHidden } from '@nimbus/ui/theme';
import { CHART_RANGES, earningsSeries, type ChartRange } from './earnings-series.ts';
import { useEarnings } from './use-earnings.ts';
import * as styles from './dashboard.css.ts';

const EarningsChart = lazy(() => import('./EarningsChart.tsx'));

const RANGE_KEYS = { 7: 'chart_range_7d', 30: 'chart_range_30d', 90: 'chart_range_90d' } as const;

/**
 * The earnings-over-time card: a range switch, the chart (its own chunk) and the same numbers as
 * text.
 */
export function EarningsPanel({ now, language }: { now: number; language: Language }) {
  const { t } = useTranslation(['kol', 'common']);
  const [range, setRange] = useState<ChartRange>(30);
  const earnings = useEarnings(range, now, true);
  const series = useMemo(
    () => (earnings.data ? earningsSeries(earnings.data, range, now) : null),
    [earnings.data, range, now],
  );
  const loading = <Spinner label={t('common:loading')} />;

  return (
    <Card
      title={t('kol:chart_title')}
      actions={
        <div className={styles.ranges} role="group" aria-label={t('kol:chart_title')}>
          {CHART_RANGES.map((days) => (
            <button
              key={days}
              type="button"
              className={styles.rangeButton}
              aria-pressed={range === days}
              onClick={() => setRange(days)}
            >
              {t(`kol:${RANGE_KEYS[days]}`)}
            </button>
          ))}
        </div>
      }
    >
      {!series ? (
        loading
      ) : series.amounts.every((amount) => amount === 0) ? (
        <p className={styles.chartEmpty}>{t('kol:chart_empty')}</p>
      ) : (
        <figure className={styles.chartFigure}>
          <figcaption className={styles.note}>
            {t('kol:chart_total', {
              range: t(`kol:${RANGE_KEYS[range]}`),
              amount: formatMoney(series.totalMinor, series.currency, language),
            })}
          </figcaption>
          <Suspense fallback={loading}>
            <EarningsChart
              series={series}
              language={language}
              label={t('kol:chart_series_commission')}
              dateLabel={t('kol:col_date')}
            />
          </Suspense>
          <table className={visuallyHidden}>
            <caption>{t('kol:chart_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('kol:col_date')}</th>
                <th scope="col">{t('kol:chart_series_commission')}</th>
              </tr>
            </thead>
            <tbody>
              {series.days.map((day, i) =>
                (series.amounts[i] ?? 0) !== 0 ? (
                  <tr key={day}>
                    <td>{formatDate(day * 1000, language)}</td>
                    <td>{formatMoney(series.amounts[i] ?? 0, series.currency, language)}</td>
                  </tr>
                ) : null,
              )}
            </tbody>
          </table>
        </figure>
      )}
    </Card>
  );
}
