import { describe, expect, test } from 'vitest';
import { parseAmountMinor, planFieldErrors } from './plan-definition.ts';

const plan = { durationDays: 30, priceMinor: 999, originalPriceMinor: 1299, devicesAllowed: 5 };

describe('plan fields', () => {
  test('a valid plan has no problem', () => {
    expect(planFieldErrors(plan)).toEqual([]);
    expect(planFieldErrors({ ...plan, originalPriceMinor: 999 })).toEqual([]);
    expect(planFieldErrors({ ...plan, priceMinor: 0, originalPriceMinor: 0 })).toEqual([]);
  });

  test.each([
    [{ durationDays: 0 }, ['days_invalid']],
    [{ durationDays: 3651 }, ['days_invalid']],
    [{ durationDays: 1.5 }, ['days_invalid']],
    [{ originalPriceMinor: 998 }, ['original_below_price']],
    [{ priceMinor: -1 }, ['amount_invalid']],
    [{ priceMinor: 10_000_000, originalPriceMinor: 10_000_000 }, ['amount_invalid']],
    [{ devicesAllowed: 0 }, ['devices_invalid']],
    [{ devicesAllowed: 101 }, ['devices_invalid']],
    [{ durationDays: 0, devicesAllowed: 0 }, ['days_invalid', 'devices_invalid']],
  ] as const)('%o: %o', (change, errors) => {
    expect(planFieldErrors({ ...plan, ...change })).toEqual(errors);
  });
});

describe('amounts as typed', () => {
  test.each([
    ['12.99', 1299],
    ['12.9', 1290],
    [' 12 ', 1200],
    ['0', 0],
    ['12.999', null],
    ['-1', null],
    ['1,000', null],
    ['', null],
    ['abc', null],
  ])('%s is %s', (text, minor) => {
    expect(parseAmountMinor(text)).toBe(minor);
  });
});
