import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { daysToMs } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import { NO_MEMBERSHIP, extendMembership, type Membership } from './membership.ts';
import {
  creditedMs,
  creditedTime,
  devicesAllowedAfterCredit,
  earnsYearlyBenefits,
  reverseCredit,
  YEARLY_PLAN_MIN_DAYS,
} from './membership-credit.ts';

const NOW = Date.UTC(2026, 0, 10);
const DAY = daysToMs(1);
const { STANDARD, LITE } = ShopGroupType;

describe('yearly benefits', () => {
  test.each([
    ['a paid year of Standard earns them', STANDARD, 365, true, true],
    ['more than a year of Standard earns them', STANDARD, 730, true, true],
    ['a day short of a year does not', STANDARD, 364, true, false],
    ['a year of Lite does not', LITE, 365, true, false],
    ['a gifted year (redeem code) does not', STANDARD, 365, false, false],
  ])('%s', (_rule, groupType, durationDays, purchase, expected) => {
    expect(earnsYearlyBenefits({ groupType, durationDays, purchase })).toBe(expected);
  });

  test('the threshold is twelve months', () => {
    expect(YEARLY_PLAN_MIN_DAYS).toBe(365);
  });
});

describe('devices allowed after a credit', () => {
  const running: Membership = { standardExpiresAt: NOW + DAY, liteExpiresAt: null };
  const ended: Membership = { standardExpiresAt: NOW - DAY, liteExpiresAt: NOW };
  test.each([
    ['a first plan gives its devices', NO_MEMBERSHIP, 0, 3, 3],
    ['a larger plan raises the limit', running, 3, 5, 5],
    ['a smaller plan keeps the larger limit while time runs', running, 5, 3, 5],
    ['after everything ran out the new plan decides', ended, 5, 3, 3],
  ])('%s', (_rule, membership, current, plan, expected) => {
    expect(
      devicesAllowedAfterCredit(
        { devicesAllowed: plan },
        { membership, devicesAllowed: current },
        NOW,
      ),
    ).toBe(expected);
  });
});

describe('the time a credit added', () => {
  test.each([
    ['a first credit counts from now', null, NOW + 30 * DAY, 30 * DAY],
    ['running time counts from its old end', NOW + 5 * DAY, NOW + 35 * DAY, 30 * DAY],
    ['expired time counts from now', NOW - 5 * DAY, NOW + 30 * DAY, 30 * DAY],
    ['converted Lite is negative', NOW + 10 * DAY, NOW, -10 * DAY],
    ['no expiry after means nothing added', null, null, 0],
  ])('%s', (_rule, before, after, expected) => {
    expect(creditedMs(before, after, NOW)).toBe(expected);
  });
});

describe('reversing a credit', () => {
  const user = (
    standardExpiresAt: number | null,
    liteExpiresAt: number | null,
    benefitsExpiresAt: number | null = null,
  ) => ({ membership: { standardExpiresAt, liteExpiresAt }, benefitsExpiresAt });

  test.each([
    [
      'each expiry moves back by what it gained',
      user(NOW + 40 * DAY, NOW + 10 * DAY),
      { standardMs: 30 * DAY, liteMs: 0 },
      { standardExpiresAt: NOW + 10 * DAY, liteExpiresAt: NOW + 10 * DAY },
    ],
    [
      'never below now: used time is not clawed into the past',
      user(NOW + 5 * DAY, null),
      { standardMs: 30 * DAY, liteMs: 0 },
      { standardExpiresAt: NOW, liteExpiresAt: null },
    ],
    [
      'converted Lite is given back from its current end',
      user(NOW + 30 * DAY, NOW + 2 * DAY),
      { standardMs: 30 * DAY, liteMs: -10 * DAY },
      { standardExpiresAt: NOW, liteExpiresAt: NOW + 12 * DAY },
    ],
    [
      'converted Lite is given back from now once it ended',
      user(NOW + 30 * DAY, NOW - DAY),
      { standardMs: 30 * DAY, liteMs: -10 * DAY },
      { standardExpiresAt: NOW, liteExpiresAt: NOW + 10 * DAY },
    ],
    [
      'a plan never held stays never held',
      user(null, null),
      { standardMs: 30 * DAY, liteMs: 0 },
      { standardExpiresAt: null, liteExpiresAt: null },
    ],
  ])('%s', (_rule, before, credited, expected) => {
    expect(reverseCredit(before, credited, NOW).membership).toEqual(expected);
  });

  test.each([
    ['benefits end with the Standard time they came with', NOW + 365 * DAY, NOW + 5 * DAY],
    ['earlier benefits stay as they were', NOW + 2 * DAY, NOW + 2 * DAY],
    ['no benefits stay none', null, null],
  ])('%s', (_rule, benefitsExpiresAt, expected) => {
    const back = reverseCredit(
      user(NOW + 370 * DAY, null, benefitsExpiresAt),
      { standardMs: 365 * DAY, liteMs: 0 },
      NOW,
    );
    expect(back.benefitsExpiresAt).toBe(expected);
  });

  test('reversing a credit on running time restores the membership before it', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: NOW + 1, max: NOW + 400 * DAY }), { nil: null }),
        fc.option(fc.integer({ min: NOW + 1, max: NOW + 400 * DAY }), { nil: null }),
        fc.constantFrom(STANDARD, LITE),
        fc.integer({ min: 1, max: 800 }),
        (standardExpiresAt, liteExpiresAt, planType, days) => {
          const before: Membership = { standardExpiresAt, liteExpiresAt };
          const after = extendMembership(before, planType, days * DAY, NOW);
          const credited = creditedTime(before, after, NOW);
          const back = reverseCredit({ membership: after, benefitsExpiresAt: null }, credited, NOW);
          const restored = (b: number | null, a: number | null) =>
            b === null && a !== null ? NOW : b;
          expect(back.membership).toEqual({
            standardExpiresAt: restored(before.standardExpiresAt, after.standardExpiresAt),
            liteExpiresAt: restored(before.liteExpiresAt, after.liteExpiresAt),
          });
        },
      ),
    );
  });
});
