import { describe, expect, test } from 'vitest';
import {
  planDiscountPercent,
  planMonths,
  planSavingsMinor,
  pricePerMonthMinor,
} from './plan-pricing.ts';

describe('plan pricing', () => {
  test.each([
    ['$59.99 instead of $119.88 saves $59.89 (49 %)', 5_999, 11_988, 5_989, 49],
    ['$20.00 instead of $30.00 saves a third, shown as 33 %', 2_000, 3_000, 1_000, 33],
    ['no original price: no saving, no discount', 5_999, 0, 0, 0],
    ['a price above the original saves nothing', 6_000, 5_000, 0, 0],
    ['free instead of $10.00 is 100 % off', 0, 1_000, 1_000, 100],
  ])('%s', (_rule, price, original, savings, percent) => {
    expect(planSavingsMinor(price, original)).toBe(savings);
    expect(planDiscountPercent(price, original)).toBe(percent);
  });

  test.each([
    ['30 days is 1 month', 30, 1],
    ['31 days is 1 month', 31, 1],
    ['90 days is 3 months', 90, 3],
    ['180 days is 6 months', 180, 6],
    ['365 days is 12 months', 365, 12],
    ['730 days is 24 months', 730, 24],
    ['7 days still counts as 1 month', 7, 1],
  ])('%s', (_rule, days, months) => {
    expect(planMonths(days)).toBe(months);
  });

  test.each([
    ['$59.99 a year is $5.00 a month (rounded up)', 5_999, 12, 500],
    ['$12.00 a month is $12.00 a month', 1_200, 1, 1_200],
    ['$29.97 for 3 months is $9.99 a month', 2_997, 3, 999],
  ])('%s', (_rule, price, months, expected) => {
    expect(pricePerMonthMinor(price, months)).toBe(expected);
  });

  test('zero months is a programmer error', () => {
    expect(() => pricePerMonthMinor(100, 0)).toThrow(RangeError);
  });
});
