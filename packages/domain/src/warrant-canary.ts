import { MS_PER_DAY } from './duration.ts';

/** The warrant canary is reviewed and republished every three calendar months. */
export const CANARY_REVIEW_MONTHS = 3;

/**
 * The day (UTC midnight, in ms) a canary reviewed on `reviewedOn` (a `YYYY-MM-DD` day) is next
 * due: the same day of the month three months later, or that month's last day when it is
 * shorter (reviewed on 30 November, due on the last day of February). Undefined for a text that
 * is not a real calendar day.
 */
export function canaryReviewDue(reviewedOn: string): number | undefined {
  const reviewed = canaryReviewDay(reviewedOn);
  if (reviewed === undefined) return undefined;
  const day = new Date(reviewed);
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth() + CANARY_REVIEW_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 1) - MS_PER_DAY).getUTCDate();
  return Date.UTC(year, month, Math.min(day.getUTCDate(), lastDay));
}

/** A `YYYY-MM-DD` day as UTC midnight in ms; undefined when it is not a real calendar day. */
export function canaryReviewDay(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, day);
  const back = new Date(value);
  return back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day
    ? value
    : undefined;
}
