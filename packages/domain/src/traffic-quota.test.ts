import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MS_PER_DAY } from './duration.ts';
import {
  BYTES_PER_GB,
  TRAFFIC_QUOTA_GB_MAX,
  TRAFFIC_RESET_RULES,
  overTrafficQuota,
  quotaGbText,
  resetDayInMonth,
  trafficAllowanceBytes,
  trafficCycle,
  trafficCycleFirstDay,
  trafficNoticesDue,
  trafficQuotaErrors,
  trafficTopUpError,
  trafficUsedPercent,
  type TrafficNoticeThreshold,
  type TrafficResetRule,
} from './traffic-quota.ts';

const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);

describe('a plan quota and its reset rule', () => {
  test.each([
    ['no quota', null, {}],
    ['100 GB from the 1st', { gb: 100, reset: 'month_start' }, {}],
    ['the largest', { gb: TRAFFIC_QUOTA_GB_MAX, reset: 'never' }, {}],
    ['a quota of -1', { gb: -1, reset: 'month_start' }, { gb: 'quota_invalid' }],
    ['a quota of 0', { gb: 0, reset: 'month_start' }, { gb: 'quota_invalid' }],
    ['a fraction', { gb: 1.5, reset: 'purchase_day' }, { gb: 'quota_invalid' }],
    [
      'beyond the largest',
      { gb: TRAFFIC_QUOTA_GB_MAX + 1, reset: 'never' },
      { gb: 'quota_invalid' },
    ],
    ['NaN', { gb: Number.NaN, reset: 'never' }, { gb: 'quota_invalid' }],
    ['an unknown rule', { gb: 10, reset: 'yearly' }, { reset: 'reset_rule_invalid' }],
  ])('%s', (_label, quota, errors) => {
    expect(trafficQuotaErrors(quota)).toEqual(errors);
  });

  test.each([
    [10, null],
    [0, 'top_up_invalid'],
    [-5, 'top_up_invalid'],
    [2.5, 'top_up_invalid'],
  ])('a top-up of %s GB', (gb, error) => {
    expect(trafficTopUpError(gb)).toBe(error);
  });
});

describe('cycles', () => {
  test.each<[string, TrafficResetRule, number, number, number, number | null]>([
    [
      'the 1st: from the purchase to the next 1st',
      'month_start',
      at(2026, 3, 17, 15),
      at(2026, 3, 20),
      at(2026, 3, 17, 15),
      at(2026, 4, 1),
    ],
    [
      'the 1st: later cycles are calendar months',
      'month_start',
      at(2026, 3, 17, 15),
      at(2026, 5, 9),
      at(2026, 5, 1),
      at(2026, 6, 1),
    ],
    [
      'the 1st: the reset instant starts the new cycle',
      'month_start',
      at(2026, 3, 17),
      at(2026, 12, 1),
      at(2026, 12, 1),
      at(2027, 1, 1),
    ],
    [
      'purchase day: each month on that day',
      'purchase_day',
      at(2026, 3, 17, 15),
      at(2026, 5, 20),
      at(2026, 5, 17),
      at(2026, 6, 17),
    ],
    [
      'purchase day: before the day, the cycle began last month',
      'purchase_day',
      at(2026, 3, 17, 15),
      at(2026, 5, 16, 23),
      at(2026, 4, 17),
      at(2026, 5, 17),
    ],
    [
      'a reset day of 31 in February: the last day of February',
      'purchase_day',
      at(2026, 1, 31, 9),
      at(2026, 2, 10),
      at(2026, 1, 31, 9),
      at(2026, 2, 28),
    ],
    [
      '... and of a leap February, the 29th',
      'purchase_day',
      at(2028, 1, 31, 9),
      at(2028, 2, 29, 1),
      at(2028, 2, 29),
      at(2028, 3, 31),
    ],
    [
      'a reset day of 31 in April: the 30th, then back to the 31st',
      'purchase_day',
      at(2026, 3, 31),
      at(2026, 4, 30, 12),
      at(2026, 4, 30),
      at(2026, 5, 31),
    ],
    [
      'across the new year',
      'purchase_day',
      at(2026, 10, 5),
      at(2027, 1, 2),
      at(2026, 12, 5),
      at(2027, 1, 5),
    ],
    ['never: the whole plan', 'never', at(2026, 3, 17), at(2027, 3, 1), at(2026, 3, 17), null],
    [
      'a clock before the purchase counts as the purchase',
      'month_start',
      at(2026, 3, 17),
      at(2026, 2, 1),
      at(2026, 3, 17),
      at(2026, 4, 1),
    ],
  ])('%s', (_label, rule, purchasedAt, now, start, nextReset) => {
    expect(trafficCycle(rule, purchasedAt, now)).toEqual({ start, nextReset });
  });

  test('reset days of a month', () => {
    expect(resetDayInMonth(31, 2026, 1)).toBe(28);
    expect(resetDayInMonth(30, 2028, 1)).toBe(29);
    expect(resetDayInMonth(15, 2026, 1)).toBe(15);
  });

  test('the first traffic day of a cycle', () => {
    expect(trafficCycleFirstDay({ start: at(2026, 3, 17, 15), nextReset: null })).toBe(
      Math.floor(at(2026, 3, 17) / MS_PER_DAY),
    );
  });

  const instant = fc.integer({ min: at(2000, 1, 1), max: at(2100, 1, 1) });
  const rule = fc.constantFrom(...TRAFFIC_RESET_RULES);

  test('property: now lies in its cycle, which starts at or after the purchase', () => {
    fc.assert(
      fc.property(rule, instant, fc.nat({ max: 5 * 366 * MS_PER_DAY }), (r, bought, later) => {
        const now = bought + later;
        const c = trafficCycle(r, bought, now);
        expect(c.start).toBeGreaterThanOrEqual(bought);
        expect(c.start).toBeLessThanOrEqual(now);
        if (r === 'never') expect(c.nextReset).toBeNull();
        else {
          expect(c.nextReset).not.toBeNull();
          expect(now).toBeLessThan(c.nextReset ?? 0);
          expect((c.nextReset ?? 0) % MS_PER_DAY).toBe(0);
          expect((c.nextReset ?? 0) - c.start).toBeLessThanOrEqual(31 * MS_PER_DAY);
        }
      }),
    );
  });

  test('property: cycles chain, and a reset falls on the wanted day or the month end', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TrafficResetRule>('month_start', 'purchase_day'),
        instant,
        fc.nat({ max: 5 * 366 * MS_PER_DAY }),
        (r, bought, later) => {
          const c = trafficCycle(r, bought, bought + later);
          const next = c.nextReset ?? 0;
          expect(trafficCycle(r, bought, next).start).toBe(next);
          expect(trafficCycle(r, bought, next - 1).nextReset).toBe(next);
          const d = new Date(next);
          const wanted = r === 'month_start' ? 1 : new Date(bought).getUTCDate();
          expect(d.getUTCDate()).toBe(resetDayInMonth(wanted, d.getUTCFullYear(), d.getUTCMonth()));
        },
      ),
    );
  });
});

describe('allowance, over quota and notices', () => {
  const cycle = { start: at(2026, 3, 1), nextReset: at(2026, 4, 1) };
  const quota = { gb: 100, reset: 'month_start' } as const;

  test('no quota: no limit, never over, no notice', () => {
    expect(trafficAllowanceBytes(null, [], cycle)).toBeNull();
    expect(overTrafficQuota(Number.MAX_SAFE_INTEGER, null)).toBe(false);
    expect(trafficNoticesDue(Number.MAX_SAFE_INTEGER, null, [])).toEqual([]);
  });

  test('top-ups count in the cycle they were bought in', () => {
    const topUps = [
      { bytes: 10 * BYTES_PER_GB, at: at(2026, 3, 5) },
      { bytes: 20 * BYTES_PER_GB, at: at(2026, 2, 27) },
      { bytes: 40 * BYTES_PER_GB, at: at(2026, 4, 1) },
    ];
    expect(trafficAllowanceBytes(quota, topUps, cycle)).toBe(110 * BYTES_PER_GB);
  });

  test.each([
    [0, false, 0],
    [100 * BYTES_PER_GB - 1, false, 99],
    [100 * BYTES_PER_GB, true, 100],
    [150 * BYTES_PER_GB, true, 150],
  ])('%s bytes of 100 GB: over %s, %s %%', (used, over, percent) => {
    const allowance = trafficAllowanceBytes(quota, [], cycle);
    expect(overTrafficQuota(used, allowance)).toBe(over);
    expect(trafficUsedPercent(used, allowance)).toBe(percent);
  });

  test.each<[number, TrafficNoticeThreshold[], TrafficNoticeThreshold[]]>([
    [79, [], []],
    [80, [], [80]],
    [80, [80], []],
    [99, [80], []],
    [100, [80], [100]],
    [100, [], [100]],
    [120, [100], []],
  ])('at %s %% with %j sent: send %j', (percent, sent, due) => {
    expect(trafficNoticesDue(percent, 100, sent)).toEqual(due);
  });

  test('property: a notice is sent at most once per threshold and only once reached', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 200 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 1000 }),
        (steps, allowance) => {
          const sent: TrafficNoticeThreshold[] = [];
          let used = 0;
          for (const step of steps) {
            used += step;
            for (const t of trafficNoticesDue(used, allowance, sent)) {
              expect(sent).not.toContain(t);
              expect(trafficUsedPercent(used, allowance)).toBeGreaterThanOrEqual(t);
              sent.push(t);
            }
          }
          if (used >= allowance) expect(sent).toContain(100);
        },
      ),
    );
  });
});

describe('quotaGbText', () => {
  test("bytes in the quota's GB (1024^3), floored to one decimal", () => {
    expect(quotaGbText(100 * BYTES_PER_GB)).toBe('100 GB');
    expect(quotaGbText(12.39 * BYTES_PER_GB)).toBe('12.3 GB');
    expect(quotaGbText(BYTES_PER_GB - 1)).toBe('0.9 GB');
    expect(quotaGbText(0)).toBe('0 GB');
    expect(quotaGbText(-5)).toBe('0 GB');
  });
});
