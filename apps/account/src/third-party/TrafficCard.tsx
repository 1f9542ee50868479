import type { Traffic, TrafficQuotaStatus } from '@nimbus/api-sdk/contract';
import { quotaGbText } from '@nimbus/domain';
import { formatBytes, formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { LinkButton } from '@nimbus/ui/link-button';
import { ProgressMeter } from '@nimbus/ui/progress-meter';
import { visuallyHidden } from '@nimbus/ui/theme';
import * as styles from './third-party.css.ts';

export interface TrafficCardProps {
  traffic: Traffic;
  language: Language;
}

/** From this share of the allowance on, the meter and a line warn (the 80 % notice mail's level). */
const NEAR_PERCENT = 80;

/** The plan's traffic quota this cycle: used of allowed, when it starts again, and what 100 % means. */
function QuotaStatus({ quota, language }: { quota: TrafficQuotaStatus; language: Language }) {
  const { t } = useTranslation(['third-party']);
  // In the quota's GB (1024^3), as the plan, the mails and the console say it.
  const used = t('third-party:quota_used', {
    used: quotaGbText(quota.usedBytes),
    allowance: quotaGbText(quota.allowanceBytes),
    percent: quota.percent,
  });
  const date =
    quota.nextReset === null ? null : formatDate(quota.nextReset, language, { timeZone: 'UTC' });
  const status = quota.over
    ? date === null
      ? t('third-party:quota_over_never')
      : t('third-party:quota_over_reset', { date })
    : quota.percent >= NEAR_PERCENT
      ? t('third-party:quota_near', { percent: quota.percent })
      : null;
  return (
    <div className={styles.quota} data-testid="traffic-quota">
      <p className={styles.figureLabel}>{t('third-party:quota_label')}</p>
      <p className={styles.figureValue}>{used}</p>
      <ProgressMeter
        percent={quota.percent}
        label={t('third-party:quota_label')}
        valueText={used}
        tone={quota.over ? 'danger' : quota.percent >= NEAR_PERCENT ? 'warning' : 'normal'}
      />
      {status && (
        <p className={quota.over ? styles.cooldown : styles.warning} role="status">
          {status}
        </p>
      )}
      <p className={styles.warning}>
        {date === null
          ? t('third-party:quota_never_resets')
          : t('third-party:quota_resets', { date })}
      </p>
      {quota.over && (
        <div className={styles.buttons}>
          <LinkButton href="/pricing" size="sm">
            {t('third-party:quota_more')}
          </LinkButton>
        </div>
      )}
    </div>
  );
}

const BAR = 10;
const GAP = 2;
const HEIGHT = 96;

/**
 * This cycle's traffic (against the plan's quota, when it has one) and a small chart of the last 30 days (download and upload stacked per
 * day). The chart is an inline SVG of 30 bars, not a chart library: nothing more to download for
 * it. It is a picture for the eye; the table beside it says the same for screen readers.
 */
export function TrafficCard({ traffic, language }: TrafficCardProps) {
  const { t } = useTranslation(['third-party']);
  const max = Math.max(1, ...traffic.days.map((d) => d.upload + d.download));
  const scale = (bytes: number) => (bytes / max) * HEIGHT;
  const width = traffic.days.length * (BAR + GAP) - GAP;
  const used = traffic.days.filter((d) => d.upload + d.download > 0);

  return (
    <Card title={t('third-party:traffic_title')}>
      <p className={styles.figureLabel}>
        {t(traffic.quota ? 'third-party:traffic_cycle_quota' : 'third-party:traffic_cycle', {
          date: formatDate(traffic.cycleStart, language),
        })}
      </p>
      {traffic.quota && <QuotaStatus quota={traffic.quota} language={language} />}
      <dl className={styles.figures} data-testid="traffic-figures">
        {(
          [
            ['traffic_download', traffic.download],
            ['traffic_upload', traffic.upload],
            ['traffic_total', traffic.download + traffic.upload],
          ] as const
        ).map(([key, bytes]) => (
          <div key={key} className={styles.figure}>
            <dt className={styles.figureLabel}>{t(`third-party:${key}`)}</dt>
            <dd className={styles.figureValue}>{formatBytes(bytes, language)}</dd>
          </div>
        ))}
      </dl>
      <figure className={styles.chartFigure}>
        <figcaption className={styles.chartTitle}>
          {t('third-party:traffic_chart_title')}
        </figcaption>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="traffic-chart"
        >
          {traffic.days.map((d, i) => {
            const down = scale(d.download);
            const up = scale(d.upload);
            const x = i * (BAR + GAP);
            return (
              <g key={d.day}>
                <rect
                  className={styles.barDownload}
                  x={x}
                  y={HEIGHT - down}
                  width={BAR}
                  height={down}
                />
                <rect
                  className={styles.barUpload}
                  x={x}
                  y={HEIGHT - down - up}
                  width={BAR}
                  height={up}
                />
              </g>
            );
          })}
        </svg>
        <ul className={styles.legend} aria-hidden="true">
          <li>
            <span className={styles.swatchDownload} />
            {t('third-party:traffic_download')}
          </li>
          <li>
            <span className={styles.swatchUpload} />
            {t('third-party:traffic_upload')}
          </li>
        </ul>
        {/* A table ignores a 1 px width; the wrapper is what hides it from sight. */}
        <div className={visuallyHidden}>
          <table>
            <caption>{t('third-party:traffic_chart_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('third-party:traffic_day')}</th>
                <th scope="col">{t('third-party:traffic_download')}</th>
                <th scope="col">{t('third-party:traffic_upload')}</th>
              </tr>
            </thead>
            <tbody>
              {used.map((d) => (
                <tr key={d.day}>
                  <td>{formatDate(d.day, language, { timeZone: 'UTC' })}</td>
                  <td>{formatBytes(d.download, language)}</td>
                  <td>{formatBytes(d.upload, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
      <p className={styles.warning}>
        {t(traffic.quota ? 'third-party:traffic_note_quota' : 'third-party:traffic_note')}
      </p>
    </Card>
  );
}
