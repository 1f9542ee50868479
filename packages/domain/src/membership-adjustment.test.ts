import { describe, expect, test } from 'vitest';
import { daysToMs } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import { adjustMembership, isAdjustmentDays } from './membership-adjustment.ts';

const now = 1_800_000_000_000;
const D = daysToMs(1);

describe('operator time adjustments', () => {
  test.each([
    [
      'a grant to a running Standard',
      { standardExpiresAt: now + 5 * D, liteExpiresAt: null },
      ShopGroupType.STANDARD,
      10,
      { standardExpiresAt: now + 15 * D, liteExpiresAt: null },
    ],
    [
      'a grant after expiry counts from now',
      { standardExpiresAt: now - D, liteExpiresAt: null },
      ShopGroupType.STANDARD,
      3,
      { standardExpiresAt: now + 3 * D, liteExpiresAt: null },
    ],
    [
      'a grant of Lite to a new user',
      { standardExpiresAt: null, liteExpiresAt: null },
      ShopGroupType.LITE,
      7,
      { standardExpiresAt: null, liteExpiresAt: now + 7 * D },
    ],
    [
      'a deduction moves the expiry back',
      { standardExpiresAt: now + 30 * D, liteExpiresAt: now + D },
      ShopGroupType.STANDARD,
      -10,
      { standardExpiresAt: now + 20 * D, liteExpiresAt: now + D },
    ],
    [
      'a deduction never goes below now',
      { standardExpiresAt: now + 2 * D, liteExpiresAt: null },
      ShopGroupType.STANDARD,
      -10,
      { standardExpiresAt: now, liteExpiresAt: null },
    ],
    [
      'a deduction of ended time changes nothing',
      { standardExpiresAt: now - D, liteExpiresAt: null },
      ShopGroupType.STANDARD,
      -1,
      { standardExpiresAt: now - D, liteExpiresAt: null },
    ],
  ] as const)('%s', (_name, before, type, days, after) => {
    expect(adjustMembership(before, type, days, now)).toEqual(after);
  });

  test.each([
    [1, true],
    [-3650, true],
    [0, false],
    [3651, false],
    [1.5, false],
  ])('%d days is an adjustment: %s', (days, expected) => {
    expect(isAdjustmentDays(days)).toBe(expected);
  });

  test('a non-adjustment is a programming error', () => {
    expect(() =>
      adjustMembership(
        { standardExpiresAt: null, liteExpiresAt: null },
        ShopGroupType.LITE,
        0,
        now,
      ),
    ).toThrow(RangeError);
  });
});
