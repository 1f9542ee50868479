import { MS_PER_DAY } from './duration.ts';
import type { ValidationError } from './validation-error.ts';

/**
 * Traffic quotas, the model of most VPN panels (Xboard's `transfer_enable` and
 * `reset_traffic_method`): a plan may carry a monthly quota in GB and a rule for when the used
 * traffic starts again from zero.
 *
 * - `month_start`: at 00:00 UTC on the 1st of every month.
 * - `purchase_day`: at 00:00 UTC on the day of the month the plan was bought; in a month without
 *   that day (bought on the 31st: February, April, ...) on the month's last day.
 * - `never`: the quota lasts the whole plan.
 *
 * A cycle never starts before the purchase: the first runs from the purchase to the first reset
 * after it. Traffic is counted per UTC day (`traffic.ts`), so the cycle's first day counts whole.
 * Top-ups add bytes to the cycle they are bought in and end with it. A plan without a quota has
 * no limit (`null`), as before quotas existed. A member is over quota when the cycle's traffic
 * reaches the allowance (quota + top-ups); notices go out once per cycle at 80 % and 100 %.
 */

export const TRAFFIC_RESET_RULES = ['month_start', 'purchase_day', 'never'] as const;
export type TrafficResetRule = (typeof TRAFFIC_RESET_RULES)[number];

/** Bytes in a quota's GB, as the panels count it (1 GB = 1024^3 bytes). */
export const BYTES_PER_GB = 1024 ** 3;
/** The largest quota or top-up a plan may carry, in GB (1 PB). */
export const TRAFFIC_QUOTA_GB_MAX = 1_048_576;
/** The percentages of the allowance at which a member is told, once per cycle. */
export const TRAFFIC_NOTICE_THRESHOLDS = [80, 100] as const;
export type TrafficNoticeThreshold = (typeof TRAFFIC_NOTICE_THRESHOLDS)[number];

export interface TrafficQuota {
  /** Whole GB per cycle, 1 up to TRAFFIC_QUOTA_GB_MAX. */
  readonly gb: number;
  readonly reset: TrafficResetRule;
}

const wholeGb = (gb: number) => Number.isInteger(gb) && gb >= 1 && gb <= TRAFFIC_QUOTA_GB_MAX;

/** What is wrong with a plan's quota (absent: no quota, which is valid). */
export function trafficQuotaErrors(
  quota: { readonly gb: number; readonly reset: string } | null,
): Partial<Record<'gb' | 'reset', ValidationError>> {
  if (quota === null) return {};
  const errors: Partial<Record<'gb' | 'reset', ValidationError>> = {};
  if (!wholeGb(quota.gb)) errors.gb = 'quota_invalid';
  if (!(TRAFFIC_RESET_RULES as readonly string[]).includes(quota.reset))
    errors.reset = 'reset_rule_invalid';
  return errors;
}

/** What is wrong with a top-up's size in GB (null: nothing). */
export function trafficTopUpError(gb: number): ValidationError | null {
  return wholeGb(gb) ? null : 'top_up_invalid';
}

/**
 * "12.3 GB": bytes in the quota's GB (1024^3, as the node programs and panels count them),
 * floored to one decimal, so a member is never shown more left than there is. The notice mails,
 * the account centre and the console show quotas and their use this way.
 */
export function quotaGbText(bytes: number): string {
  return `${(Math.floor((Math.max(0, bytes) * 10) / BYTES_PER_GB) / 10).toString()} GB`;
}

export function gbToBytes(gb: number): number {
  return gb * BYTES_PER_GB;
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The day of a month a reset wanted on `day` falls on: that day, or the month's last. */
export function resetDayInMonth(day: number, year: number, month: number): number {
  return Math.min(day, daysInMonth(year, month));
}

/** The reset instant of a rule in a month (00:00 UTC); `day` is the purchase's day of month. */
function resetIn(rule: 'month_start' | 'purchase_day', day: number, year: number, month: number) {
  const d = rule === 'month_start' ? 1 : resetDayInMonth(day, year, month);
  return Date.UTC(year, month, d);
}

export interface TrafficCycle {
  /** When the cycle started (UTC ms): the last reset, or the purchase when it is later. */
  readonly start: number;
  /** The next reset (UTC ms); null for `never`. */
  readonly nextReset: number | null;
}

/**
 * The cycle `now` falls in for a plan bought at `purchasedAt` under `rule`. `now` before the
 * purchase is taken as the purchase.
 */
export function trafficCycle(
  rule: TrafficResetRule,
  purchasedAt: number,
  now: number,
): TrafficCycle {
  const at = Math.max(now, purchasedAt);
  if (rule === 'never') return { start: purchasedAt, nextReset: null };
  const day = new Date(purchasedAt).getUTCDate();
  const date = new Date(at);
  let year = date.getUTCFullYear();
  let month = date.getUTCMonth();
  let last = resetIn(rule, day, year, month);
  if (last > at) {
    [year, month] = month === 0 ? [year - 1, 11] : [year, month - 1];
    last = resetIn(rule, day, year, month);
  }
  const [ny, nm] = month === 11 ? [year + 1, 0] : [year, month + 1];
  return { start: Math.max(last, purchasedAt), nextReset: resetIn(rule, day, ny, nm) };
}

/** The first traffic day (days since the epoch, UTC) of a cycle. */
export function trafficCycleFirstDay(cycle: TrafficCycle): number {
  return Math.floor(cycle.start / MS_PER_DAY);
}

export interface TrafficTopUp {
  readonly bytes: number;
  /** When it was bought (UTC ms). */
  readonly at: number;
}

/** Bytes a member may use in a cycle: the quota and the top-ups bought in it; null: no limit. */
export function trafficAllowanceBytes(
  quota: TrafficQuota | null,
  topUps: readonly TrafficTopUp[],
  cycle: TrafficCycle,
): number | null {
  if (quota === null) return null;
  let bytes = gbToBytes(quota.gb);
  for (const topUp of topUps)
    if (topUp.at >= cycle.start && (cycle.nextReset === null || topUp.at < cycle.nextReset))
      bytes += topUp.bytes;
  return bytes;
}

/** Over quota: the cycle's traffic has reached the allowance. A plan without a quota never is. */
export function overTrafficQuota(usedBytes: number, allowanceBytes: number | null): boolean {
  return allowanceBytes !== null && usedBytes >= allowanceBytes;
}

/** The share of the allowance used, in whole percent (floored; 0 without a quota). */
export function trafficUsedPercent(usedBytes: number, allowanceBytes: number | null): number {
  if (allowanceBytes === null || allowanceBytes <= 0) return 0;
  return Math.floor((usedBytes * 100) / allowanceBytes);
}

/**
 * The notices to send now: the thresholds the cycle's traffic has reached that were not sent in
 * this cycle, highest only (a member who jumps past both is told once, that they are over).
 */
export function trafficNoticesDue(
  usedBytes: number,
  allowanceBytes: number | null,
  sentThisCycle: readonly TrafficNoticeThreshold[],
): TrafficNoticeThreshold[] {
  const percent = trafficUsedPercent(usedBytes, allowanceBytes);
  const reached = TRAFFIC_NOTICE_THRESHOLDS.filter((t) => percent >= t);
  const highest = reached.at(-1);
  if (highest === undefined || sentThisCycle.some((s) => s >= highest)) return [];
  return [highest];
}
