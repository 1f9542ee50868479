import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { daysToMs } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import {
  activePlanTypes,
  extendExpiry,
  extendMembership,
  hasActiveMembership,
  hasBenefits,
  hasBenefitsNew,
  isExpiryActive,
  NO_MEMBERSHIP,
  nodePermission,
  remainingMs,
  type Membership,
} from './membership.ts';

const NOW = Date.UTC(2026, 0, 10);
const DAY = daysToMs(1);

describe('extending an expiry by a plan duration', () => {
  test.each([
    ['a first purchase counts from now', null, 30, NOW + 30 * DAY],
    ['time still running is extended from its end', NOW + 5 * DAY, 30, NOW + 35 * DAY],
    ['expired time counts from now, not from the old end', NOW - 5 * DAY, 30, NOW + 30 * DAY],
    ['an expiry exactly now counts from now', NOW, 365, NOW + 365 * DAY],
    ['zero days changes nothing', NOW + DAY, 0, NOW + DAY],
  ])('%s', (_rule, current, days, expected) => {
    expect(extendExpiry(current, daysToMs(days), NOW)).toBe(expected);
  });

  test('a negative duration is a programmer error', () => {
    expect(() => extendExpiry(null, -1, NOW)).toThrow(RangeError);
    expect(() => extendExpiry(null, Number.NaN, NOW)).toThrow(RangeError);
  });

  test('the new expiry is never earlier than now or the old expiry plus the duration', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 4e12 })),
        fc.integer({ min: 0, max: 1e11 }),
        fc.integer({ min: 0, max: 4e12 }),
        (current, duration, now) => {
          const next = extendExpiry(current, duration, now);
          expect(next).toBeGreaterThanOrEqual(now + duration);
          expect(next).toBeGreaterThanOrEqual((current ?? 0) + duration);
          expect(next - duration).toBe(Math.max(now, current ?? now));
        },
      ),
    );
  });
});

describe('Standard and Lite run separately', () => {
  const m: Membership = { standardExpiresAt: NOW + DAY, liteExpiresAt: NOW - DAY };
  test.each([
    [
      'Standard is extended without touching Lite',
      ShopGroupType.STANDARD,
      { standardExpiresAt: NOW + 31 * DAY, liteExpiresAt: NOW - DAY },
    ],
    [
      'Lite is extended without touching Standard',
      ShopGroupType.LITE,
      { standardExpiresAt: NOW + DAY, liteExpiresAt: NOW + 30 * DAY },
    ],
  ])('%s', (_rule, type, expected) => {
    expect(extendMembership(m, type, 30 * DAY, NOW)).toEqual(expected);
  });
});

describe('active membership', () => {
  test.each<[string, Membership, readonly number[], number | null]>([
    ['nobody who never bought is active', NO_MEMBERSHIP, [], null],
    [
      'running Standard is active with Standard permission',
      { standardExpiresAt: NOW + 1, liteExpiresAt: null },
      [1],
      1,
    ],
    [
      'running Lite is active with Lite permission',
      { standardExpiresAt: NOW - 1, liteExpiresAt: NOW + DAY },
      [2],
      2,
    ],
    [
      'both running: Standard permission wins',
      { standardExpiresAt: NOW + DAY, liteExpiresAt: NOW + DAY },
      [1, 2],
      1,
    ],
    [
      'an expiry exactly now is no longer active',
      { standardExpiresAt: NOW, liteExpiresAt: NOW },
      [],
      null,
    ],
  ])('%s', (_rule, m, types, permission) => {
    expect(activePlanTypes(m, NOW)).toEqual(types);
    expect(hasActiveMembership(m, NOW)).toBe(types.length > 0);
    expect(nodePermission(m, NOW)).toBe(permission);
  });

  test.each([
    ['time left is counted', NOW + 5_000, 5_000],
    ['expired time leaves zero', NOW - 5_000, 0],
    ['no expiry leaves zero', null, 0],
  ])('remaining: %s', (_rule, expiresAt, expected) => {
    expect(remainingMs(expiresAt, NOW)).toBe(expected);
  });

  test('an undefined expiry is not active', () => {
    expect(isExpiryActive(undefined, NOW)).toBe(false);
  });
});

describe('derived benefit flags', () => {
  test.each([
    ['a yearly paid user has benefits', 1, true],
    ['anyone else has none', 0, false],
  ])('%s', (_rule, yearlyPaidUser, expected) => {
    expect(hasBenefits({ yearlyPaidUser })).toBe(expected);
  });
  test.each([
    ['benefits expiring tomorrow are current', NOW + DAY, true],
    ['benefits that expired yesterday are not', NOW - DAY, false],
    ['no benefits expiry means none', null, false],
  ])('%s', (_rule, benefitsExpireTime, expected) => {
    expect(hasBenefitsNew({ benefitsExpireTime }, NOW)).toBe(expected);
  });
});
