import type { CommissionRecord } from '@nimbus/api-sdk/contract';

export const CHART_RANGES = [7, 30, 90] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** Local midnight of the day `ms` falls in (the KOL reads days in their own time zone). */
export function startOfLocalDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * The first instant the chart covers: midnight `days - 1` days before today, so today is the last
 * bar.
 */
export function rangeStart(days: number, now: number): number {
  const today = startOfLocalDay(now);
  // Step by calendar days, not 24 h, so a daylight-saving change does not shift the buckets.
  const start = new Date(today);
  start.setDate(start.getDate() - (days - 1));
  return start.getTime();
}

export interface EarningsSeries {
  /** Local midnight of each day, oldest first, in seconds (uPlot's x scale is seconds). */
  days: number[];
  /** Commission earned that day, in minor units. */
  amounts: number[];
  totalMinor: number;
  currency: string;
}

/**
 * Commission per day over the last `days` days (today included), from commission records
 * (referAmountMinor at the record's date). Records outside the range are ignored.
 */
export function earningsSeries(
  records: readonly Pick<CommissionRecord, 'date' | 'referAmountMinor' | 'currency'>[],
  days: number,
  now: number,
  currency = 'USD',
): EarningsSeries {
  const start = rangeStart(days, now);
  const dayStarts: number[] = [];
  for (let i = 0; i < days; i += 1) {
    const day = new Date(start);
    day.setDate(day.getDate() + i);
    dayStarts.push(day.getTime());
  }
  const index = new Map(dayStarts.map((ms, i) => [ms, i]));
  const amounts = dayStarts.map(() => 0);
  let totalMinor = 0;
  for (const record of records) {
    if (record.date < start || record.date > now) continue;
    const i = index.get(startOfLocalDay(record.date));
    if (i === undefined) continue;
    amounts[i] = (amounts[i] ?? 0) + record.referAmountMinor;
    totalMinor += record.referAmountMinor;
  }
  return {
    days: dayStarts.map((ms) => Math.floor(ms / 1000)),
    amounts,
    totalMinor,
    currency: records[0]?.currency ?? currency,
  };
}

/**
 * Whether paging through newest-first records can stop: the page reached past the range start, or
 * it was the last page.
 */
export function needsMorePages(
  page: { items: readonly { date: number }[]; total: number; page: number; pageSize: number },
  start: number,
): boolean {
  const oldest = page.items.at(-1);
  if (!oldest || oldest.date < start) return false;
  return page.page * page.pageSize < page.total;
}
