import { useEffect, useRef } from 'react';
import { clsx } from 'clsx';
import { useRemaining } from '../hooks/useRemaining.ts';
import * as styles from './Countdown.css.ts';
import { timeParts } from './time-parts.ts';

export { countdownSizes } from './Countdown.css.ts';
export type CountdownSize = (typeof styles.countdownSizes)[number];

export interface CountdownLabels {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

export interface CountdownProps {
  /** When it ends, UTC milliseconds. */
  endAt: number;
  /**
   * Unit names shown after each number, e.g. { days: 'd', hours: 'h', ... } or { days: '天', ... }.
   */
  units: CountdownLabels;
  /** Shown at zero, e.g. 'Ended'. */
  endedLabel: string;
  /** Names the timer for screen readers, e.g. 'Time left to join'. */
  label: string;
  /** Called once when the time is up (also when endAt is already past). */
  onEnd?: () => void;
  size?: CountdownSize;
  className?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Days, hours, minutes and seconds to `endAt`; 'Ended' at zero. A `timer` role, so it is not
 * announced every second.
 */
export function Countdown({
  endAt,
  units,
  endedLabel,
  label,
  onEnd,
  size = 'md',
  className,
}: CountdownProps) {
  const remaining = useRemaining(endAt);
  const ended = remaining <= 0;
  const calledFor = useRef<number | null>(null);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  useEffect(() => {
    if (ended && calledFor.current !== endAt) {
      calledFor.current = endAt;
      onEndRef.current?.();
    }
  }, [ended, endAt]);

  if (ended) {
    return (
      <span
        role="timer"
        aria-label={label}
        className={clsx(styles.root({ size }), styles.ended, className)}
      >
        {endedLabel}
      </span>
    );
  }
  const parts = timeParts(remaining);
  const segments: [number, string, string][] = [
    ...(parts.days > 0 ? [[parts.days, units.days, 'days'] as [number, string, string]] : []),
    [parts.hours, units.hours, 'hours'],
    [parts.minutes, units.minutes, 'minutes'],
    [parts.seconds, units.seconds, 'seconds'],
  ];
  return (
    <span role="timer" aria-label={label} className={clsx(styles.root({ size }), className)}>
      {segments.map(([value, unit, key]) => (
        <span key={key} className={styles.segment} data-unit={key}>
          <span className={styles.value}>{key === 'days' ? value : pad(value)}</span>
          <span className={styles.unit}>{unit}</span>
        </span>
      ))}
    </span>
  );
}
