import { describe, expect, test } from 'vitest';
import { earningsSeries, needsMorePages, rangeStart, startOfLocalDay } from './earnings-series.ts';

// Noon local time, so "which day" never depends on the machine's time zone.
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const now = at(2026, 3, 20, 18);
const record = (date: number, referAmountMinor: number) => ({
  date,
  referAmountMinor,
  currency: 'USD',
});

describe('earningsSeries', () => {
  test('a 7-day range has one bucket per day, today last, summing the commission of each day', () => {
    const series = earningsSeries(
      [
        record(at(2026, 3, 20, 9), 1500),
        record(at(2026, 3, 20, 10), 500),
        record(at(2026, 3, 14), 2000),
      ],
      7,
      now,
    );
    expect(series.days).toHaveLength(7);
    expect(series.days[0]).toBe(new Date(2026, 2, 14).getTime() / 1000);
    expect(series.days[6]).toBe(new Date(2026, 2, 20).getTime() / 1000);
    expect(series.amounts).toEqual([2000, 0, 0, 0, 0, 0, 2000]);
    expect(series.totalMinor).toBe(4000);
  });

  test('records before the range or in the future are left out', () => {
    const series = earningsSeries(
      [record(at(2026, 3, 13), 999), record(now + 60_000, 1), record(at(2026, 3, 15), 700)],
      7,
      now,
    );
    expect(series.totalMinor).toBe(700);
  });

  test('an empty history is a flat line at zero', () => {
    const series = earningsSeries([], 30, now);
    expect(series.amounts).toHaveLength(30);
    expect(series.amounts.every((a) => a === 0)).toBe(true);
    expect(series.totalMinor).toBe(0);
  });
});

describe('rangeStart', () => {
  test('is local midnight days - 1 days before today', () => {
    expect(rangeStart(1, now)).toBe(startOfLocalDay(now));
    expect(rangeStart(90, now)).toBe(new Date(2025, 11, 21).getTime());
  });
});

describe('needsMorePages (newest first)', () => {
  const start = at(2026, 3, 14, 0);
  test.each([
    [
      'a full page still inside the range, more on the server',
      { items: [record(at(2026, 3, 15), 1)], total: 250, page: 1, pageSize: 100 },
      true,
    ],
    [
      'the page reached past the range start',
      { items: [record(at(2026, 3, 10), 1)], total: 250, page: 1, pageSize: 100 },
      false,
    ],
    [
      'the last page',
      { items: [record(at(2026, 3, 15), 1)], total: 150, page: 2, pageSize: 100 },
      false,
    ],
    ['an empty page', { items: [], total: 0, page: 1, pageSize: 100 }, false],
  ])('%s: %s', (_name, page, expected) => {
    expect(needsMorePages(page, start)).toBe(expected);
  });
});
