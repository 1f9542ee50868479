import { MS_PER_DAY } from './duration.ts';

/**
 * Members' traffic: counted per member and UTC day; days older than the chart and the current
 * cycle need are rolled up into one row per month, so storage grows by at most
 * TRAFFIC_DAILY_KEPT_DAYS + one row a month per member. A cycle is the calendar month (UTC), as
 * the V2Board family resets traffic on the first of the month; there is no quota, the cycle
 * only frames "used this cycle" and the subscription-userinfo header.
 */

/** Days shown in the account centre's chart, today included. */
export const TRAFFIC_CHART_DAYS = 30;
/** Daily rows kept before a roll-up: the chart plus a whole month, so a cycle is always in days. */
export const TRAFFIC_DAILY_KEPT_DAYS = 62;

export interface TrafficCounts {
  readonly upload: number;
  readonly download: number;
}

/** Days since 1970-01-01 (UTC) of an instant. */
export function trafficDay(at: number): number {
  return Math.floor(at / MS_PER_DAY);
}

/** The instant a traffic day starts (UTC ms). */
export function trafficDayStart(day: number): number {
  return day * MS_PER_DAY;
}

/** The first day of the month a day falls in: the key of that month's rolled-up row. */
export function trafficMonthOf(day: number): number {
  const date = new Date(trafficDayStart(day));
  return trafficDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** The first day of the current cycle (the current UTC month). */
export function trafficCycleStartDay(now: number): number {
  return trafficMonthOf(trafficDay(now));
}

/**
 * Daily rows before this day are rolled up into months. It is never later than the start of the
 * current cycle or of the chart, so neither ever reads a rolled-up month.
 */
export function trafficRollUpBeforeDay(now: number): number {
  const today = trafficDay(now);
  return Math.min(
    today - TRAFFIC_DAILY_KEPT_DAYS + 1,
    trafficCycleStartDay(now),
    today - TRAFFIC_CHART_DAYS + 1,
  );
}

export interface DailyTraffic extends TrafficCounts {
  readonly day: number;
}

/**
 * The chart's series: one entry per day of the last TRAFFIC_CHART_DAYS days, oldest first, days
 * without traffic as zeros; rows outside the range are ignored.
 */
export function trafficChartSeries(rows: readonly DailyTraffic[], now: number): DailyTraffic[] {
  const today = trafficDay(now);
  const first = today - TRAFFIC_CHART_DAYS + 1;
  const byDay = new Map<number, TrafficCounts>();
  for (const row of rows) {
    if (row.day < first || row.day > today) continue;
    const seen = byDay.get(row.day);
    byDay.set(row.day, {
      upload: (seen?.upload ?? 0) + row.upload,
      download: (seen?.download ?? 0) + row.download,
    });
  }
  return Array.from({ length: TRAFFIC_CHART_DAYS }, (_, i) => {
    const day = first + i;
    const counts = byDay.get(day);
    return { day, upload: counts?.upload ?? 0, download: counts?.download ?? 0 };
  });
}

/** The traffic of the current cycle: the days from its first day to today. */
export function trafficThisCycle(rows: readonly DailyTraffic[], now: number): TrafficCounts {
  const first = trafficCycleStartDay(now);
  const today = trafficDay(now);
  let upload = 0;
  let download = 0;
  for (const row of rows) {
    if (row.day < first || row.day > today) continue;
    upload += row.upload;
    download += row.download;
  }
  return { upload, download };
}
