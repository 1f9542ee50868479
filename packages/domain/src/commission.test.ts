import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  clawBackCommission,
  commissionAmountMinor,
  commissionSummary,
  commissionSummaryOfPending,
  commissionSummaryOfTotals,
  commissionTotals,
  commissionTotalsChange,
  createCommission,
  NO_COMMISSION_TOTALS,
  EMPTY_COMMISSION_LEDGER,
  effectiveCommissionState,
  nextPayoutAt,
  nextPayoutAtOfFirst,
  payoutBlock,
  payoutProgressPercent,
  recordCommission,
  settlePayout,
  validateKolFirstPurchaseRate,
  type Commission,
  type CommissionLedger,
} from './commission.ts';
import { daysToMs } from './duration.ts';
import { CommissionPurchaseType } from './enums.ts';

const T0 = Date.UTC(2026, 0, 1);
const FIRST = CommissionPurchaseType.FIRST_PURCHASE;
const RENEWAL = CommissionPurchaseType.RENEWAL;

function commission(
  orderId: string,
  paidMinor: number,
  opts: { type?: CommissionPurchaseType; rate?: number; at?: number; hold?: number } = {},
): Commission {
  const r = createCommission({
    orderId,
    purchaseType: opts.type ?? FIRST,
    firstPurchaseRatePercent: opts.rate ?? 50,
    paidMinor,
    currency: 'USD',
    paidAt: opts.at ?? T0,
    ...(opts.hold === undefined ? {} : { holdingDays: opts.hold }),
  });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function ledgerOf(...commissions: Commission[]): CommissionLedger {
  return commissions.reduce((l, c) => recordCommission(l, c).ledger, EMPTY_COMMISSION_LEDGER);
}

describe('KOL rates', () => {
  test.each([
    ['25 % is the lowest first-purchase rate', 25, { ok: true, value: 25 }],
    ['100 % is the highest', 100, { ok: true, value: 100 }],
    ['24 % is too low', 24, { ok: false, error: 'rate_out_of_range' }],
    ['101 % is too high', 101, { ok: false, error: 'rate_out_of_range' }],
    ['a fraction is refused', 30.5, { ok: false, error: 'rate_not_whole_percent' }],
    ['NaN is out of range', Number.NaN, { ok: false, error: 'rate_out_of_range' }],
  ])('%s', (_rule, rate, expected) => {
    expect(validateKolFirstPurchaseRate(rate)).toEqual(expected);
  });
});

describe('commission on what was actually paid', () => {
  test.each([
    ['a first purchase of $59.99 at 50 % earns $29.99 (floored)', 5_999, FIRST, 50, 2_999],
    ['a first purchase at 100 % earns everything paid', 5_999, FIRST, 100, 5_999],
    ['a renewal earns 20 % whatever the KOL rate', 5_999, RENEWAL, 80, 1_199],
    ['a free order earns nothing', 0, FIRST, 50, 0],
    ['one cent at 25 % earns nothing', 1, FIRST, 25, 0],
  ])('%s', (_rule, paid, type, rate, expected) => {
    expect(commission('o1', paid, { type, rate }).amountMinor).toBe(expected);
  });

  test('a commission records the rate used and is held 30 days by default', () => {
    expect(commission('o1', 10_000, { type: RENEWAL })).toEqual({
      orderId: 'o1',
      purchaseType: RENEWAL,
      ratePercent: 20,
      paidMinor: 10_000,
      amountMinor: 2_000,
      currency: 'USD',
      earnedAt: T0,
      payableAt: T0 + daysToMs(30),
      state: 'pending',
      settledAt: null,
      payoutId: null,
      clawedBackAt: null,
    });
  });

  test.each([
    ['the holding period is configurable', { holdingDays: 14 }, { ok: true }],
    [
      'an invalid KOL rate is refused',
      { firstPurchaseRatePercent: 10 },
      { ok: false, error: 'rate_out_of_range' },
    ],
    [
      'another currency must be converted first',
      { currency: 'CNY' },
      { ok: false, error: 'currency_not_supported' },
    ],
  ])('%s', (_rule, patch, expected) => {
    const r = createCommission({
      orderId: 'o',
      purchaseType: FIRST,
      firstPurchaseRatePercent: 40,
      paidMinor: 100,
      currency: 'USD',
      paidAt: T0,
      ...patch,
    });
    expect(r).toMatchObject(expected);
  });

  test('a 14-day hold makes it payable after 14 days', () => {
    expect(commission('o', 100, { hold: 14 }).payableAt).toBe(T0 + daysToMs(14));
  });

  test.each([
    ['a negative paid amount', () => commissionAmountMinor(-1, 20)],
    ['a fractional paid amount', () => commissionAmountMinor(1.5, 20)],
    ['a rate over 100', () => commissionAmountMinor(100, 101)],
    ['a negative holding period', () => commission('o', 100, { hold: -1 })],
  ])('%s is a programmer error', (_rule, call) => {
    expect(call).toThrow(RangeError);
  });
});

describe('commission states', () => {
  const c = commission('o1', 10_000);
  test.each([
    ['inside the holding period it is pending', T0 + daysToMs(29), 'pending'],
    ['when the holding period ends it is payable', T0 + daysToMs(30), 'payable'],
  ])('%s', (_rule, now, expected) => {
    expect(effectiveCommissionState(c, now)).toBe(expected);
  });

  test('recording the same order twice credits it once', () => {
    const once = recordCommission(EMPTY_COMMISSION_LEDGER, c);
    const twice = recordCommission(once.ledger, commission('o1', 99_999));
    expect([once.recorded, twice.recorded]).toEqual([true, false]);
    expect(twice.ledger).toBe(once.ledger);
  });
});

describe('payouts and the $100 threshold', () => {
  const a = commission('a', 12_000); // earns 6,000
  const b = commission('b', 10_000, { at: T0 + daysToMs(1) }); // earns 5,000
  const afterHold = T0 + daysToMs(31);

  test('the summary splits pending, payable and settled with progress to $100', () => {
    const ledger = ledgerOf(a, commission('late', 4_000, { at: T0 + daysToMs(20) }));
    expect(commissionSummary(ledger, afterHold)).toEqual({
      pendingMinor: 2_000,
      payableMinor: 6_000,
      settledMinor: 0,
      thresholdMinor: 10_000,
      progressPercent: 60,
      payoutEligible: false,
      currency: 'USD',
    });
  });

  test('$60 payable cannot be paid out', () => {
    expect(settlePayout(ledgerOf(a), { payoutId: 'p1', now: afterHold })).toEqual({
      ok: false,
      error: 'below_threshold',
    });
  });

  test('$110 payable is paid out in one payout, then nothing is payable', () => {
    const payout = settlePayout(ledgerOf(a, b), { payoutId: 'p1', now: afterHold });
    expect(payout).toMatchObject({
      ok: true,
      value: {
        amountMinor: 11_000,
        orderIds: ['a', 'b'],
        period: { from: T0, to: T0 + daysToMs(1) },
      },
    });
    if (!payout.ok) return;
    expect(payout.value.ledger.commissions.map((c) => [c.state, c.payoutId])).toEqual([
      ['settled', 'p1'],
      ['settled', 'p1'],
    ]);
    expect(commissionSummary(payout.value.ledger, afterHold)).toMatchObject({
      pendingMinor: 0,
      payableMinor: 0,
      settledMinor: 11_000,
      progressPercent: 0,
    });
  });

  test('a configured lower threshold lets smaller payouts through', () => {
    expect(
      settlePayout(ledgerOf(a), { payoutId: 'p1', now: afterHold, thresholdMinor: 5_000 }).ok,
    ).toBe(true);
  });

  test.each([
    ['halfway', 5_000, 50],
    ['99.99 % shows 99', 9_999, 99],
    ['reached', 10_000, 100],
    ['beyond is capped', 25_000, 100],
    ['owing shows 0', -300, 0],
  ])('progress %s', (_rule, payable, expected) => {
    expect(payoutProgressPercent(payable)).toBe(expected);
  });
  test('a zero threshold is always reached', () => {
    expect(payoutProgressPercent(0, 0)).toBe(100);
  });
});

describe('clawback on refund', () => {
  const a = commission('a', 12_000);
  const b = commission('b', 10_000);
  const afterHold = T0 + daysToMs(31);

  test('a pending commission is removed and creates no adjustment', () => {
    const r = clawBackCommission(ledgerOf(a), 'a', T0 + daysToMs(2));
    expect(r).toMatchObject({
      ok: true,
      value: { changed: true, removedMinor: 6_000, adjustment: null },
    });
    expect(r.ok && commissionSummary(r.value.ledger, afterHold)).toMatchObject({
      pendingMinor: 0,
      payableMinor: 0,
      settledMinor: 0,
    });
    expect(r.ok && r.value.ledger.commissions[0]).toMatchObject({
      state: 'clawed_back',
      clawedBackAt: T0 + daysToMs(2),
    });
  });

  test('a settled commission stays paid and a negative adjustment of exactly its amount is deducted from the next payout', () => {
    const paid = settlePayout(ledgerOf(a, b), { payoutId: 'p1', now: afterHold });
    if (!paid.ok) throw new Error(paid.error);
    const r = clawBackCommission(paid.value.ledger, 'b', afterHold + 1);
    expect(r).toMatchObject({
      ok: true,
      value: {
        changed: true,
        removedMinor: 0,
        adjustment: { orderId: 'b', amountMinor: -5_000, settledAt: null },
      },
    });
    if (!r.ok) return;
    expect(commissionSummary(r.value.ledger, afterHold + 1)).toMatchObject({
      payableMinor: -5_000,
      settledMinor: 11_000,
      progressPercent: 0,
    });

    const more = ledgerOf(commission('c', 30_000, { at: afterHold })); // earns 15,000
    const next = settlePayout(
      { ...r.value.ledger, commissions: [...r.value.ledger.commissions, ...more.commissions] },
      { payoutId: 'p2', now: afterHold + daysToMs(31) },
    );
    expect(next).toMatchObject({ ok: true, value: { amountMinor: 10_000, orderIds: ['c', 'b'] } });
    expect(
      next.ok && commissionSummary(next.value.ledger, afterHold + daysToMs(31)).settledMinor,
    ).toBe(11_000 - 5_000 + 15_000);
  });

  test('a repeated refund changes nothing', () => {
    const first = clawBackCommission(ledgerOf(a), 'a', T0);
    if (!first.ok) throw new Error(first.error);
    expect(clawBackCommission(first.value.ledger, 'a', T0 + 5)).toEqual({
      ok: true,
      value: { ledger: first.value.ledger, changed: false, removedMinor: 0, adjustment: null },
    });
  });

  test('an order without a commission cannot be clawed back', () => {
    expect(clawBackCommission(ledgerOf(a), 'zzz', T0)).toEqual({
      ok: false,
      error: 'commission_not_found',
    });
  });
});

// A random history of a KOL: orders paid (some reported twice), refunds, payouts, time passing.
type Step =
  | { kind: 'pay'; order: number; paid: number; type: CommissionPurchaseType; rate: number }
  | { kind: 'refund'; order: number }
  | { kind: 'payout' }
  | { kind: 'wait'; days: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    order: fc.integer({ min: 0, max: 15 }),
    paid: fc.integer({ min: 0, max: 200_000 }),
    type: fc.constantFrom(FIRST, RENEWAL),
    rate: fc.integer({ min: 25, max: 100 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.integer({ min: 0, max: 15 }) }),
  fc.record({ kind: fc.constant('payout' as const) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 40 }) }),
);

describe('invariants over any history', () => {
  test('commissions never exceed what was paid, each order is credited once, and clawback takes back exactly what was credited', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let ledger = EMPTY_COMMISSION_LEDGER;
        let now = T0;
        let payouts = 0;
        const paidByOrder = new Map<string, number>();
        for (const s of steps) {
          const lifetime = (l: CommissionLedger) => {
            const sm = commissionSummary(l, now);
            return sm.pendingMinor + sm.payableMinor + sm.settledMinor;
          };
          if (s.kind === 'pay') {
            const c = commission(`o${s.order}`, s.paid, { type: s.type, rate: s.rate, at: now });
            const r = recordCommission(ledger, c);
            if (r.recorded) paidByOrder.set(c.orderId, s.paid);
            else expect(r.ledger).toBe(ledger);
            ledger = r.ledger;
          } else if (s.kind === 'refund') {
            const before = lifetime(ledger);
            const target = ledger.commissions.find((c) => c.orderId === `o${s.order}`);
            const r = clawBackCommission(ledger, `o${s.order}`, now);
            if (!r.ok) {
              expect(target).toBeUndefined();
              continue;
            }
            const credited = r.value.changed && target ? target.amountMinor : 0;
            expect(before - lifetime(r.value.ledger)).toBe(credited);
            if (r.value.adjustment) expect(r.value.adjustment.amountMinor).toBe(-credited);
            ledger = r.value.ledger;
          } else if (s.kind === 'payout') {
            const r = settlePayout(ledger, { payoutId: `p${(payouts += 1)}`, now });
            if (r.ok) {
              expect(r.value.amountMinor).toBeGreaterThanOrEqual(10_000);
              ledger = r.value.ledger;
            }
          } else {
            now += daysToMs(s.days);
          }
        }
        const orderIds = ledger.commissions.map((c) => c.orderId);
        expect(new Set(orderIds).size).toBe(orderIds.length);
        for (const c of ledger.commissions)
          expect(c.amountMinor).toBeLessThanOrEqual(paidByOrder.get(c.orderId) ?? -1);
        const live = ledger.commissions.filter((c) => c.state !== 'clawed_back');
        const summary = commissionSummary(ledger, now);
        expect(summary.pendingMinor + summary.payableMinor + summary.settledMinor).toBe(
          live.reduce((t, c) => t + c.amountMinor, 0),
        );
        expect(live.reduce((t, c) => t + c.amountMinor, 0)).toBeLessThanOrEqual(
          live.reduce((t, c) => t + c.paidMinor, 0),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('running totals', () => {
  test('totals kept change by change give the summary of the whole ledger at any time', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let ledger = EMPTY_COMMISSION_LEDGER;
        let kept = NO_COMMISSION_TOTALS;
        let now = T0;
        let payouts = 0;
        const apply = (next: CommissionLedger) => {
          const d = commissionTotalsChange(ledger, next);
          kept = {
            heldMinor: kept.heldMinor + d.heldMinor,
            openAdjustmentsMinor: kept.openAdjustmentsMinor + d.openAdjustmentsMinor,
            settledMinor: kept.settledMinor + d.settledMinor,
            lines: kept.lines + d.lines,
          };
          ledger = next;
        };
        for (const s of steps) {
          if (s.kind === 'pay')
            apply(
              recordCommission(
                ledger,
                commission(`o${s.order}`, s.paid, { type: s.type, rate: s.rate, at: now }),
              ).ledger,
            );
          else if (s.kind === 'refund') {
            const r = clawBackCommission(ledger, `o${s.order}`, now);
            if (r.ok) apply(r.value.ledger);
          } else if (s.kind === 'payout') {
            const r = settlePayout(ledger, { payoutId: `p${(payouts += 1)}`, now });
            if (r.ok) apply(r.value.ledger);
          } else now += daysToMs(s.days);
          expect(kept).toEqual(commissionTotals(ledger));
          const held = ledger.commissions.filter((c) => c.state === 'pending');
          for (const at of [now, now + daysToMs(15), now + daysToMs(31)]) {
            expect(commissionSummaryOfTotals(kept, held, at)).toEqual(
              commissionSummary(ledger, at),
            );
            const pendingMinor = held
              .filter((c) => at < c.payableAt)
              .reduce((total, c) => total + c.amountMinor, 0);
            expect(commissionSummaryOfPending(kept, pendingMinor)).toEqual(
              commissionSummary(ledger, at),
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test('a commission clawed back before payout is no line; one paid out stays with its adjustment', () => {
    const paid = ledgerOf(commission('a', 40_000, { at: T0, hold: 0 }));
    expect(commissionTotals(paid)).toEqual({
      heldMinor: 20_000,
      openAdjustmentsMinor: 0,
      settledMinor: 0,
      lines: 1,
    });
    const early = clawBackCommission(paid, 'a', T0);
    expect(early.ok && commissionTotals(early.value.ledger).lines).toBe(0);
    const payout = settlePayout(paid, { payoutId: 'p1', now: T0 });
    if (!payout.ok) throw new Error(payout.error);
    const late = clawBackCommission(payout.value.ledger, 'a', T0 + 1);
    expect(late.ok && commissionTotals(late.value.ledger)).toEqual({
      heldMinor: 0,
      openAdjustmentsMinor: -20_000,
      settledMinor: 20_000,
      lines: 2,
    });
  });
});

describe('when the next payout can happen', () => {
  const day = daysToMs(1);
  test('now, when the payable amount reaches $100', () => {
    expect(nextPayoutAt({ payableMinor: 10_000, pending: [], now: T0 })).toBe(T0);
  });
  test('when enough pending commission has left its holding period', () => {
    const pending = [
      { amountMinor: 3_000, payableAt: T0 + 9 * day },
      { amountMinor: 2_000, payableAt: T0 + 3 * day },
      { amountMinor: 5_000, payableAt: T0 + 20 * day },
    ];
    expect(nextPayoutAt({ payableMinor: 5_000, pending, now: T0 })).toBe(T0 + 9 * day);
    expect(nextPayoutAt({ payableMinor: 0, pending, now: T0 })).toBe(T0 + 20 * day);
  });
  test('never yet, when even every pending commission stays below $100', () => {
    expect(
      nextPayoutAt({
        payableMinor: 1_000,
        pending: [{ amountMinor: 2_000, payableAt: T0 }],
        now: T0,
      }),
    ).toBeNull();
  });
});

describe('when the next payout can happen, from the first pending commissions and their total', () => {
  const pending = fc.array(
    fc.record({ amountMinor: fc.nat(6_000), payableAt: fc.integer({ min: T0, max: T0 + 9 }) }),
    { maxLength: 12 },
  );
  test('the same as from all of them, or undefined when the threshold lies past those read', () => {
    fc.assert(
      fc.property(
        pending,
        fc.integer({ min: -20_000, max: 12_000 }),
        fc.nat(12),
        (all, payableMinor, n) => {
          const ordered = [...all].sort((a, b) => a.payableAt - b.payableAt);
          const first = ordered.slice(0, n);
          const pendingMinor = all.reduce((total, c) => total + c.amountMinor, 0);
          const whole = nextPayoutAt({ payableMinor, pending: all, now: T0 });
          const fromFirst = nextPayoutAtOfFirst({ payableMinor, pendingMinor, first, now: T0 });
          if (fromFirst === undefined) {
            expect(first.length).toBeLessThan(all.length);
            expect(nextPayoutAt({ payableMinor, pending: first, now: T0 })).toBeNull();
          } else expect(fromFirst).toBe(whole);
          // All of them read always decide it.
          expect(nextPayoutAtOfFirst({ payableMinor, pendingMinor, first: ordered, now: T0 })).toBe(
            whole,
          );
        },
      ),
    );
  });
});

describe('payoutBlock', () => {
  test('below the threshold nothing is paid, with or without a wallet', () => {
    expect(payoutBlock(9_999, true, 10_000)).toBe('below_threshold');
    expect(payoutBlock(9_999, false, 10_000)).toBe('below_threshold');
  });

  test('at the threshold a payout needs a wallet to send it to', () => {
    expect(payoutBlock(10_000, false, 10_000)).toBe('no_wallet');
    expect(payoutBlock(10_000, true, 10_000)).toBeNull();
  });
});
