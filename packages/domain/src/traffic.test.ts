import { describe, expect, test } from 'vitest';
import { MS_PER_DAY } from './duration.ts';
import {
  TRAFFIC_CHART_DAYS,
  trafficChartSeries,
  trafficCycleStartDay,
  trafficDay,
  trafficMonthOf,
  trafficRollUpBeforeDay,
  trafficThisCycle,
} from './traffic.ts';

const day = (y: number, m: number, d: number) => trafficDay(Date.UTC(y, m - 1, d));

describe('traffic days, months and cycles', () => {
  test.each([
    ['the epoch is day 0', Date.UTC(1970, 0, 1), 0],
    [
      'the last millisecond of a day is still that day',
      Date.UTC(2026, 0, 1) - 1,
      day(2025, 12, 31),
    ],
    ['midnight UTC starts the next day', Date.UTC(2026, 0, 1), day(2026, 1, 1)],
  ])('%s', (_rule, at, expected) => {
    expect(trafficDay(at)).toBe(expected);
  });

  test.each([
    ['the 17th of March belongs to March', day(2026, 3, 17), day(2026, 3, 1)],
    ['the 1st is its own month', day(2026, 3, 1), day(2026, 3, 1)],
    ['29 February of a leap year belongs to February', day(2028, 2, 29), day(2028, 2, 1)],
  ])('%s', (_rule, d, expected) => {
    expect(trafficMonthOf(d)).toBe(expected);
  });

  test('the cycle is the calendar month (UTC)', () => {
    expect(trafficCycleStartDay(Date.UTC(2026, 6, 31, 23, 59))).toBe(day(2026, 7, 1));
  });

  test.each([
    ['mid-month: 62 days are kept', Date.UTC(2026, 6, 15, 12), day(2026, 7, 15) - 61],
    ['on the 1st: 62 days are kept', Date.UTC(2026, 6, 1), day(2026, 7, 1) - 61],
  ])('roll-up: %s', (_rule, now, expected) => {
    expect(trafficRollUpBeforeDay(now)).toBe(expected);
  });

  test('the roll-up never reaches into the cycle or the chart, on any day of two years', () => {
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += MS_PER_DAY) {
      const cutoff = trafficRollUpBeforeDay(at);
      expect(cutoff).toBeLessThanOrEqual(trafficCycleStartDay(at));
      expect(cutoff).toBeLessThanOrEqual(trafficDay(at) - TRAFFIC_CHART_DAYS + 1);
    }
  });
});

describe('what the account centre shows', () => {
  const now = Date.UTC(2026, 6, 10, 8);
  const today = trafficDay(now);
  const rows = [
    { day: today, upload: 10, download: 100 },
    { day: today - 5, upload: 1, download: 2 },
    { day: day(2026, 7, 1), upload: 3, download: 4 },
    { day: day(2026, 6, 30), upload: 1_000, download: 1_000 },
    { day: today - 40, upload: 7, download: 7 },
  ];

  test('this cycle counts the days from the 1st to today', () => {
    expect(trafficThisCycle(rows, now)).toEqual({ upload: 14, download: 106 });
  });

  test('the chart has 30 days, oldest first, zeros where nothing was used', () => {
    const series = trafficChartSeries(rows, now);
    expect(series).toHaveLength(TRAFFIC_CHART_DAYS);
    expect(series[0]?.day).toBe(today - 29);
    expect(series.at(-1)).toEqual({ day: today, upload: 10, download: 100 });
    expect(series.find((s) => s.day === day(2026, 6, 30))).toEqual({
      day: day(2026, 6, 30),
      upload: 1_000,
      download: 1_000,
    });
    expect(series.filter((s) => s.upload + s.download > 0)).toHaveLength(4);
  });
});
