import { MS_PER_SECOND } from './duration.ts';

export interface Countdown {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  /** Milliseconds left, never negative. */
  readonly remainingMs: number;
  /** The end has been reached ('Ended'). */
  readonly ended: boolean;
}

/**
 * Time left until `endsAt`, split for display and clamped at zero. Partial seconds round up,
 * so the display reads 00:00:00 exactly when the end is reached, never a second early.
 */
export function countdown(endsAt: number, now: number): Countdown {
  const remainingMs = Math.max(0, endsAt - now);
  const total = Math.ceil(remainingMs / MS_PER_SECOND);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    remainingMs,
    ended: remainingMs === 0,
  };
}
