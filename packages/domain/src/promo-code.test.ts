import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { minutesToMs } from './duration.ts';
import { OrderStatus, PromoKind } from './enums.ts';
import {
  applyPromoCode,
  PROMO_HOLD_MINUTES_DEFAULT,
  promoOrderExpiresAt,
  promoOrderReplaceable,
  promoUseHeld,
  promoUsesOverLimit,
  validatePromoCode,
  type PromoCode,
} from './promo-code.ts';

const NOW = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;
const base: PromoCode = {
  code: 'SPRING20',
  active: true,
  kind: PromoKind.PERCENT,
  value: 20,
  currency: null,
  startsAt: NOW - DAY,
  endsAt: NOW + DAY,
  maxUses: 100,
  maxUsesPerUser: 1,
  planIds: null,
};
const order = { planId: 7, priceMinor: 5_999, currency: 'USD' };
const unused = { totalUses: 0, userUses: 0 };

describe('promo code field', () => {
  test.each([
    ['a code is trimmed and upper-cased', ' spring20 ', { ok: true, value: 'SPRING20' }],
    ['an empty field asks for the code', '  ', { ok: false, error: 'promo_code_required' }],
  ])('%s', (_rule, input, expected) => {
    expect(validatePromoCode(input)).toEqual(expected);
  });
});

describe('applying a promo code', () => {
  test.each<
    [string, Partial<PromoCode> | undefined, Partial<typeof order>, typeof unused, number, object]
  >([
    [
      '20 % off 59.99 takes 11.99 off (discount rounded down)',
      {},
      {},
      unused,
      NOW,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 1_199,
          finalMinor: 4_800,
          currency: 'USD',
        },
      },
    ],
    [
      '100 % off makes the order free',
      { value: 100 },
      {},
      unused,
      NOW,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 5_999,
          finalMinor: 0,
          currency: 'USD',
        },
      },
    ],
    [
      'a fixed 10.00 off 59.99 leaves 49.99',
      { kind: 'fixed', value: 1_000, currency: 'USD' },
      {},
      unused,
      NOW,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 1_000,
          finalMinor: 4_999,
          currency: 'USD',
        },
      },
    ],
    [
      'a fixed amount above the price never goes below zero',
      { kind: 'fixed', value: 9_000, currency: 'USD' },
      {},
      unused,
      NOW,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 5_999,
          finalMinor: 0,
          currency: 'USD',
        },
      },
    ],
    [
      'a code restricted to this plan applies',
      { planIds: [7, 8] },
      {},
      unused,
      NOW,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 1_199,
          finalMinor: 4_800,
          currency: 'USD',
        },
      },
    ],
    [
      'a code without limits applies after many uses',
      { maxUses: null, maxUsesPerUser: null, startsAt: null, endsAt: null },
      {},
      { totalUses: 10_000, userUses: 50 },
      NOW,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 1_199,
          finalMinor: 4_800,
          currency: 'USD',
        },
      },
    ],
    [
      'an unknown code is invalid',
      undefined,
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_invalid' },
    ],
    [
      'a switched-off code is invalid',
      { active: false },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_invalid' },
    ],
    [
      'a percentage over 100 is invalid',
      { value: 120 },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_invalid' },
    ],
    [
      'a zero discount is invalid',
      { value: 0 },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_invalid' },
    ],
    [
      'a fractional percentage is invalid',
      { value: 12.5 },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_invalid' },
    ],
    [
      'a fixed amount without currency is invalid',
      { kind: 'fixed', value: 500, currency: null },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_invalid' },
    ],
    [
      'before its start it has not started',
      {},
      {},
      unused,
      NOW - DAY - 1,
      { ok: false, error: 'promo_not_started' },
    ],
    [
      'at its start it applies',
      {},
      {},
      unused,
      NOW - DAY,
      {
        ok: true,
        value: {
          code: 'SPRING20',
          originalMinor: 5_999,
          discountMinor: 1_199,
          finalMinor: 4_800,
          currency: 'USD',
        },
      },
    ],
    ['at its end it has expired', {}, {}, unused, NOW + DAY, { ok: false, error: 'promo_expired' }],
    [
      'a code for other plans does not apply',
      { planIds: [1, 2] },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_not_applicable' },
    ],
    [
      'a fixed amount in another currency does not apply',
      { kind: 'fixed', value: 500, currency: 'CNY' },
      {},
      unused,
      NOW,
      { ok: false, error: 'promo_not_applicable' },
    ],
    [
      'all uses taken means used up',
      {},
      {},
      { totalUses: 100, userUses: 0 },
      NOW,
      { ok: false, error: 'promo_used_up' },
    ],
    [
      'a user who used it already reached the limit',
      {},
      {},
      { totalUses: 5, userUses: 1 },
      NOW,
      { ok: false, error: 'promo_user_limit' },
    ],
  ])('%s', (_rule, promo, orderPatch, usage, now, expected) => {
    const p = promo === undefined ? undefined : ({ ...base, ...promo } as PromoCode);
    expect(applyPromoCode(p, { ...order, ...orderPatch }, usage, now)).toEqual(expected);
  });

  test('the final amount is never below zero nor above the price, and the parts add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom<PromoKind>('percent', 'fixed'),
        fc.integer({ min: 1, max: 10_000_000 }),
        (price, kind, raw) => {
          const value = kind === 'percent' ? (raw % 100) + 1 : raw;
          const r = applyPromoCode(
            { ...base, kind, value, currency: 'USD' },
            { ...order, priceMinor: price },
            unused,
            NOW,
          );
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.value.finalMinor).toBeGreaterThanOrEqual(0);
          expect(r.value.finalMinor).toBeLessThanOrEqual(price);
          expect(r.value.finalMinor + r.value.discountMinor).toBe(price);
          expect(Number.isInteger(r.value.finalMinor)).toBe(true);
        },
      ),
    );
  });
});

describe('a promo code reservation', () => {
  const expiresAt = NOW + minutesToMs(PROMO_HOLD_MINUTES_DEFAULT);
  test.each([
    ['an unpaid order holds its use while it can be paid', OrderStatus.PENDING, 14, true],
    ['and no longer once it expires', OrderStatus.PENDING, 15, false],
    ['nor any time after', OrderStatus.PENDING, 600, false],
    ['a paid order holds it for good', OrderStatus.PAID, 600, true],
    ['a refunded one too', OrderStatus.REFUNDED, 600, true],
    ['a failed order not at all', OrderStatus.FAILED, 0, false],
    ['an expired or replaced one neither', OrderStatus.EXPIRED, 0, false],
    ['nor a cancelled one', OrderStatus.CANCELLED, 0, false],
  ] as const)('%s', (_rule, status, minutesLater, holds) => {
    expect(promoUseHeld({ status, expiresAt }, NOW + minutesToMs(minutesLater))).toBe(holds);
  });

  test('the window is the order’s own, whatever the setting is by now', () => {
    const made = promoOrderExpiresAt(NOW, 60, 30);
    expect(
      promoUseHeld({ status: OrderStatus.PENDING, expiresAt: made }, NOW + minutesToMs(29)),
    ).toBe(true);
    expect(
      promoUseHeld({ status: OrderStatus.PENDING, expiresAt: made }, NOW + minutesToMs(30)),
    ).toBe(false);
    for (const minutes of [0, -1, 1.5])
      expect(() => promoOrderExpiresAt(NOW, 60, minutes)).toThrow(RangeError);
  });

  test('an order with a promo code expires with its reservation, or sooner', () => {
    expect(promoOrderExpiresAt(NOW, 60)).toBe(NOW + minutesToMs(15));
    expect(promoOrderExpiresAt(NOW, 60, 20)).toBe(NOW + minutesToMs(20));
    expect(promoOrderExpiresAt(NOW, 10, 20)).toBe(NOW + minutesToMs(10));
  });
});

describe('replacing an unpaid order with a promo code', () => {
  const expiresAt = NOW + minutesToMs(15);
  test.each<[string, OrderStatus, boolean, number, boolean]>([
    ['its checkout can be closed (Stripe): replaced', OrderStatus.PENDING, true, 0, true],
    ['its checkout stays open (EPay): not while payable', OrderStatus.PENDING, false, 0, false],
    ['its checkout stays open, but it expired: replaced', OrderStatus.PENDING, false, 15, true],
    ['already failed: nothing to replace', OrderStatus.FAILED, false, 0, true],
  ])('%s', (_rule, status, checkoutClosable, minutesLater, expected) => {
    expect(
      promoOrderReplaceable(
        { status, expiresAt, checkoutClosable },
        NOW + minutesToMs(minutesLater),
      ),
    ).toBe(expected);
  });
});

describe('a code past its limits', () => {
  test.each([
    ['at its total limit: not past it', { maxUses: 1, maxUsesPerUser: null }, 1, 1, false],
    ['one use more: past it', { maxUses: 1, maxUsesPerUser: null }, 2, 1, true],
    ['a buyer at their limit: not past it', { maxUses: null, maxUsesPerUser: 1 }, 9, 1, false],
    ['a buyer one use over: past it', { maxUses: null, maxUsesPerUser: 1 }, 9, 2, true],
    ['no limits: never', { maxUses: null, maxUsesPerUser: null }, 1e6, 1e6, false],
  ] as const)('%s', (_rule, limits, totalUses, userUses, over) => {
    expect(promoUsesOverLimit(limits, { totalUses, userUses })).toBe(over);
  });
});
