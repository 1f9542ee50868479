/** Conversions between the units durations come in. Timestamps are UTC milliseconds. */
export const MS_PER_SECOND = 1_000;
export const MS_PER_MINUTE = 60 * MS_PER_SECOND;
export const MS_PER_HOUR = 60 * MS_PER_MINUTE;
export const MS_PER_DAY = 24 * MS_PER_HOUR;
export const SECONDS_PER_DAY = 24 * 60 * 60;

export function secondsToMs(seconds: number): number {
  return seconds * MS_PER_SECOND;
}
export function minutesToMs(minutes: number): number {
  return minutes * MS_PER_MINUTE;
}
export function daysToMs(days: number): number {
  return days * MS_PER_DAY;
}
export function daysToSeconds(days: number): number {
  return days * SECONDS_PER_DAY;
}
/** Whole seconds in a span of milliseconds, rounded down (a partial second is never granted). */
export function msToWholeSeconds(ms: number): number {
  return Math.floor(ms / MS_PER_SECOND);
}
