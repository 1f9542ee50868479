import * as styles from './ProgressMeter.css.ts';

export interface ProgressMeterProps {
  /** How far, in whole percent; drawn from 0 to 100 (a value past 100 fills the track). */
  percent: number;
  /** What it measures, for assistive technology ("Traffic used this cycle"). */
  label: string;
  /** The value in words, as shown beside it ("12.4 GB of 100 GB"). */
  valueText: string;
  /** The bar's colour: brand, warning (near the end) or danger (at the end). */
  tone?: 'normal' | 'warning' | 'danger';
  'data-testid'?: string;
}

/**
 * A horizontal meter of how much of something is used or done (a traffic quota, progress to a
 * payout): a `progressbar` with its value in words for screen readers. It draws; the words beside
 * it are the caller's.
 */
export function ProgressMeter({
  percent,
  label,
  valueText,
  tone = 'normal',
  'data-testid': testId,
}: ProgressMeterProps) {
  const shown = Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <div className={styles.tone[tone]} style={{ width: `${shown}%` }} />
    </div>
  );
}
