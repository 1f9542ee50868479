import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { daysToMs, daysToSeconds } from './duration.ts';
import { CommissionPurchaseType, ShopGroupType } from './enums.ts';
import { NO_MEMBERSHIP, type Membership } from './membership.ts';
import { applyReferralBonus, referralBonus } from './referral-bonus.ts';

const NOW = Date.UTC(2026, 4, 1);
const standardActive: Membership = { standardExpiresAt: NOW + daysToMs(10), liteExpiresAt: null };
const liteActive: Membership = { standardExpiresAt: NOW - 1, liteExpiresAt: NOW + daysToMs(10) };
const base: Parameters<typeof referralBonus>[0] = {
  referRatePercent: 10,
  purchaseType: CommissionPurchaseType.FIRST_PURCHASE,
  purchasedPlanType: ShopGroupType.STANDARD,
  purchasedDurationSeconds: daysToSeconds(30),
  selfReferral: false,
  inviterMembership: standardActive,
  now: NOW,
};

describe('referral bonus', () => {
  test.each<[string, Partial<typeof base>, object]>([
    [
      "10 % of a friend's first 30 days is 3 days",
      {},
      { ok: true, value: { bonusSeconds: 259_200, planType: 1 } },
    ],
    [
      'a fractional result is floored to whole seconds',
      { referRatePercent: 7, purchasedDurationSeconds: 1_001 },
      { ok: true, value: { bonusSeconds: 70, planType: 1 } },
    ],
    [
      'a rate with decimals is exact',
      { referRatePercent: 12.5, purchasedDurationSeconds: 800 },
      { ok: true, value: { bonusSeconds: 100, planType: 1 } },
    ],
    [
      'a renewal earns nothing',
      { purchaseType: CommissionPurchaseType.RENEWAL },
      { ok: false, error: 'renewal' },
    ],
    [
      'a self-referral earns nothing',
      { selfReferral: true },
      { ok: false, error: 'self_referral' },
    ],
    [
      'an inviter without running time earns nothing',
      { inviterMembership: NO_MEMBERSHIP },
      { ok: false, error: 'inviter_inactive' },
    ],
    [
      'an inviter whose time ended exactly now earns nothing',
      { inviterMembership: { standardExpiresAt: NOW, liteExpiresAt: null } },
      { ok: false, error: 'inviter_inactive' },
    ],
    [
      'a Standard purchase credits an inviter on Lite to Lite',
      { inviterMembership: liteActive },
      { ok: true, value: { bonusSeconds: 259_200, planType: 2 } },
    ],
    [
      'a Lite purchase credits an inviter on both to Lite',
      {
        purchasedPlanType: ShopGroupType.LITE,
        inviterMembership: { standardExpiresAt: NOW + 1, liteExpiresAt: NOW + 1 },
      },
      { ok: true, value: { bonusSeconds: 259_200, planType: 2 } },
    ],
  ])('%s', (_rule, patch, expected) => {
    expect(referralBonus({ ...base, ...patch })).toEqual(expected);
  });

  test.each([-1, 100.5, Number.NaN, 12.345])(
    'a refer rate of %s is a configuration error',
    (referRatePercent) => {
      expect(() => referralBonus({ ...base, referRatePercent })).toThrow(RangeError);
    },
  );

  test("the bonus lengthens the inviter's running time", () => {
    const bonus = referralBonus(base);
    expect(bonus.ok && applyReferralBonus(standardActive, bonus.value, NOW)).toEqual({
      standardExpiresAt: NOW + daysToMs(13),
      liteExpiresAt: null,
    });
  });

  test('the bonus never exceeds the purchased duration and is whole seconds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: daysToSeconds(3 * 366) }),
        (bps, seconds) => {
          const r = referralBonus({
            ...base,
            referRatePercent: bps / 100,
            purchasedDurationSeconds: seconds,
          });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(Number.isInteger(r.value.bonusSeconds)).toBe(true);
          expect(r.value.bonusSeconds).toBeLessThanOrEqual(seconds);
          expect(r.value.bonusSeconds).toBeLessThanOrEqual((seconds * bps) / 10_000);
        },
      ),
    );
  });
});
