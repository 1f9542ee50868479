import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countdown } from './countdown.ts';
import { MS_PER_HOUR } from './duration.ts';
import {
  GroupBuyPaymentType,
  GroupBuyPhase,
  GroupBuyStatus,
  type GroupBuyPaymentType as PaymentType,
} from './enums.ts';
import {
  checkGroupBuyService,
  checkJoinGroup,
  createGroupBuy,
  closeGroupBuy,
  expireGroupBuy,
  groupBuyEndTime,
  groupBuyPhase,
  groupCreatorAmountMinor,
  groupFacts,
  groupJoinAmountMinor,
  groupOpenSeats,
  groupUnitPriceMinor,
  joinGroup,
  joinRefusal,
  payGroupAsCreator,
  validateGroupSize,
  type GroupBuy,
  type GroupBuyService,
  type GroupFacts,
  type GroupPayment,
} from './group-buy.ts';

const NOW = Date.UTC(2026, 6, 1, 8);
const ON: GroupBuyService = { enabled: true, startsAt: null };
const PAY_ALL = GroupBuyPaymentType.PAY_ALL;
const PAY_SELF = GroupBuyPaymentType.PAY_SELF;
const PRICE = 10_000; // $100.00 for the group

function pay(userId: string, amountMinor: number, at = NOW): GroupPayment {
  return { paymentId: `pay-${userId}`, method: 'card', amountMinor, currency: 'USD', paidAt: at };
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function newGroup(paymentType: PaymentType, size: 2 | 3 = 3): GroupBuy {
  return unwrap(
    createGroupBuy({
      id: 'g1',
      creatorId: 'creator',
      size,
      paymentType,
      planId: 4,
      planPriceMinor: PRICE,
      currency: 'USD',
      service: ON,
      now: NOW,
    }),
  );
}

/** A group whose creator has paid. */
function openGroup(paymentType: PaymentType, size: 2 | 3 = 3): GroupBuy {
  const g = newGroup(paymentType, size);
  return unwrap(payGroupAsCreator(g, pay('creator', groupCreatorAmountMinor(g)), NOW + 1)).group;
}

describe('sizes and prices', () => {
  test.each([
    ['2 people is a group size', 2, { ok: true, value: 2 }],
    ['3 people is a group size', 3, { ok: true, value: 3 }],
    ['1 person is not', 1, { ok: false, error: 'invalid_size' }],
    ['4 people is not', 4, { ok: false, error: 'invalid_size' }],
    ['2.5 people is not', 2.5, { ok: false, error: 'invalid_size' }],
  ])('%s', (_rule, size, expected) => {
    expect(validateGroupSize(size)).toEqual(expected);
  });

  test.each([
    ['$100.00 for 2 is $50.00 each', 10_000, 2, 5_000],
    ['$100.00 for 3 rounds up to $33.34 each', 10_000, 3, 3_334],
    ['$0.01 for 3 is $0.01 each', 1, 3, 1],
    ['free for 2 is free', 0, 2, 0],
  ] as const)('%s', (_rule, price, size, expected) => {
    expect(groupUnitPriceMinor(price, size)).toBe(expected);
  });

  test('shares always cover the plan price and overshoot it by less than one minor unit per member', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.constantFrom(2 as const, 3 as const),
        (price, size) => {
          const share = groupUnitPriceMinor(price, size);
          expect(share * size).toBeGreaterThanOrEqual(price);
          expect(share * size - price).toBeLessThan(size);
        },
      ),
    );
  });

  test('a negative plan price is a programmer error', () => {
    expect(() => groupUnitPriceMinor(-1, 2)).toThrow(RangeError);
  });

  test.each([
    ['the pay-all creator pays every seat', PAY_ALL, 3_334 * 3, 0],
    ['the pay-self creator pays one share, as does each friend', PAY_SELF, 3_334, 3_334],
  ])('%s', (_rule, paymentType, creator, friend) => {
    const g = newGroup(paymentType);
    expect(groupCreatorAmountMinor(g)).toBe(creator);
    expect(groupJoinAmountMinor(g)).toBe(friend);
  });
});

describe('creating a group', () => {
  test('a new group waits for its creator, ends 24 hours later and has the creator as its first member', () => {
    const g = newGroup(PAY_SELF);
    expect(g).toMatchObject({
      status: 0,
      unitPriceMinor: 3_334,
      expiresAt: NOW + 24 * MS_PER_HOUR,
      members: [{ userId: 'creator', payment: null }],
    });
    expect(groupBuyPhase(groupFacts(g), NOW)).toBe('awaiting_creator_payment');
    expect(groupOpenSeats(groupFacts(g))).toBe(2);
  });

  test.each<[string, Partial<Parameters<typeof createGroupBuy>[0]>, object]>([
    ['a size of 4 is refused', { size: 4 }, { ok: false, error: 'invalid_size' }],
    [
      'a disabled service has not started',
      { service: { enabled: false, startsAt: null } },
      { ok: false, error: 'group_not_started' },
    ],
    [
      'before the start time it has not started',
      { service: { enabled: true, startsAt: NOW + 1 } },
      { ok: false, error: 'group_not_started' },
    ],
    ['from the start time it is open', { service: { enabled: true, startsAt: NOW } }, { ok: true }],
    [
      'the open time is configurable',
      { durationHours: 48 },
      { ok: true, value: { expiresAt: NOW + 48 * MS_PER_HOUR } },
    ],
  ])('%s', (_rule, patch, expected) => {
    const r = createGroupBuy({
      id: 'g',
      creatorId: 'c',
      size: 2,
      paymentType: PAY_ALL,
      planId: 1,
      planPriceMinor: PRICE,
      currency: 'USD',
      service: ON,
      now: NOW,
      ...patch,
    });
    expect(r).toMatchObject(expected);
  });

  test('a group must stay open for some time', () => {
    expect(() => groupBuyEndTime(NOW, 0)).toThrow(RangeError);
  });

  test.each([
    ['an enabled service with no start time is on', ON, { ok: true, value: true }],
    [
      'a disabled service is not started',
      { enabled: false, startsAt: NOW - 1 },
      { ok: false, error: 'group_not_started' },
    ],
  ])('%s', (_rule, service, expected) => {
    expect(checkGroupBuyService(service, NOW)).toEqual(expected);
  });
});

describe('the creator pays', () => {
  test('pay-all: the group completes at once and the creator gets membership', () => {
    const g = newGroup(PAY_ALL);
    const r = unwrap(payGroupAsCreator(g, pay('creator', 10_002), NOW + 5));
    expect(r.membershipGrants).toEqual(['creator']);
    expect(r.group).toMatchObject({ status: 1, finishedAt: NOW + 5 });
    expect(groupBuyPhase(groupFacts(r.group), NOW + 5)).toBe('finished');
  });

  test("pay-self: the creator's share opens the group to friends, no membership yet", () => {
    const r = unwrap(payGroupAsCreator(newGroup(PAY_SELF), pay('creator', 3_334), NOW + 5));
    expect(r.membershipGrants).toEqual([]);
    expect(groupBuyPhase(groupFacts(r.group), NOW + 5)).toBe('recruiting');
  });

  test.each<[string, () => ReturnType<typeof payGroupAsCreator>, string]>([
    [
      'paying twice is refused',
      () => payGroupAsCreator(openGroup(PAY_ALL), pay('creator', 10_002), NOW + 9),
      'already_paid',
    ],
    [
      'paying after the end time is refused',
      () => payGroupAsCreator(newGroup(PAY_ALL), pay('creator', 10_002), NOW + 24 * MS_PER_HOUR),
      'group_ended',
    ],
    [
      'paying one share for a pay-all group is refused',
      () => payGroupAsCreator(newGroup(PAY_ALL), pay('creator', 3_334), NOW),
      'payment_amount_mismatch',
    ],
    [
      'paying in another currency is refused',
      () =>
        payGroupAsCreator(newGroup(PAY_SELF), { ...pay('creator', 3_334), currency: 'CNY' }, NOW),
      'payment_amount_mismatch',
    ],
  ])('%s', (_rule, call, error) => {
    expect(call()).toEqual({ ok: false, error });
  });
});

describe('joining (spec section 4 and its error codes)', () => {
  const late = NOW + 24 * MS_PER_HOUR;
  const off: GroupBuyService = { enabled: false, startsAt: null };
  test.each<[string, () => GroupBuy, string, boolean, GroupBuyService, number, string]>([
    [
      'joining before the creator paid is refused',
      () => newGroup(PAY_SELF),
      'ann',
      true,
      ON,
      NOW,
      'creator_not_paid',
    ],
    [
      'the creator cannot join their own group',
      () => openGroup(PAY_SELF),
      'creator',
      true,
      ON,
      NOW,
      'already_joined',
    ],
    [
      'joining twice is refused',
      () =>
        unwrap(
          joinGroup(openGroup(PAY_SELF), { userId: 'ann', payment: pay('ann', 3_334) }, ON, NOW),
        ).group,
      'ann',
      true,
      ON,
      NOW,
      'already_joined',
    ],
    [
      'joining a full group is refused',
      () =>
        unwrap(
          joinGroup(openGroup(PAY_SELF, 2), { userId: 'ann', payment: pay('ann', 5_000) }, ON, NOW),
        ).group,
      'bob',
      true,
      ON,
      NOW,
      'group_full',
    ],
    [
      'joining a full pay-all group is refused',
      () =>
        unwrap(joinGroup(openGroup(PAY_ALL, 2), { userId: 'ann', payment: null }, ON, NOW)).group,
      'bob',
      false,
      ON,
      NOW,
      'group_full',
    ],
    [
      'joining an unfilled group after its end time is refused',
      () => openGroup(PAY_SELF),
      'ann',
      true,
      ON,
      late,
      'group_ended',
    ],
    [
      'joining a group whose creator never paid, after its end time, is refused as ended',
      () => newGroup(PAY_ALL),
      'ann',
      false,
      ON,
      late,
      'group_ended',
    ],
    [
      'joining a closed group is refused',
      () => unwrap(expireGroupBuy(openGroup(PAY_SELF), late)).group,
      'ann',
      true,
      ON,
      late,
      'group_ended',
    ],
    [
      'joining while the service is disabled is refused',
      () => openGroup(PAY_SELF),
      'ann',
      true,
      off,
      NOW,
      'group_not_started',
    ],
    [
      'joining before the service start time is refused',
      () => openGroup(PAY_SELF),
      'ann',
      true,
      { enabled: true, startsAt: NOW + MS_PER_HOUR },
      NOW,
      'group_not_started',
    ],
    [
      'joining a pay-self group without paying is refused',
      () => openGroup(PAY_SELF),
      'ann',
      false,
      ON,
      NOW,
      'payment_required',
    ],
    [
      'paying to join a pay-all group is refused',
      () => openGroup(PAY_ALL),
      'ann',
      true,
      ON,
      NOW,
      'no_payment_needed',
    ],
  ])('%s', (_rule, group, userId, paying, service, now, error) => {
    expect(checkJoinGroup(group(), { userId, paying }, service, now)).toEqual({ ok: false, error });
  });

  test.each<[string, GroupBuyService, number]>([
    ['a friend claims a paid pay-all seat after the end time', ON, NOW + 72 * MS_PER_HOUR],
    [
      'a friend claims a paid pay-all seat while the service is disabled',
      { enabled: false, startsAt: null },
      NOW,
    ],
  ])('%s: the seat was paid for', (_rule, service, now) => {
    expect(
      checkJoinGroup(openGroup(PAY_ALL), { userId: 'ann', paying: false }, service, now),
    ).toEqual({ ok: true, value: true });
  });

  test('pay-all: friends join free and get membership at once, until the group is full', () => {
    let g = openGroup(PAY_ALL);
    const ann = unwrap(joinGroup(g, { userId: 'ann', payment: null }, ON, NOW + 10));
    expect(ann.membershipGrants).toEqual(['ann']);
    g = ann.group;
    const bob = unwrap(joinGroup(g, { userId: 'bob', payment: null }, ON, NOW + 20));
    expect(bob.membershipGrants).toEqual(['bob']);
    expect(groupOpenSeats(groupFacts(bob.group))).toBe(0);
    expect(joinGroup(bob.group, { userId: 'cat', payment: null }, ON, NOW + 30)).toEqual({
      ok: false,
      error: 'group_full',
    });
  });

  test('pay-self: nobody gets membership until the group is full and everyone paid, then everyone does', () => {
    const g = openGroup(PAY_SELF);
    const ann = unwrap(joinGroup(g, { userId: 'ann', payment: pay('ann', 3_334) }, ON, NOW + 10));
    expect(ann.membershipGrants).toEqual([]);
    expect(ann.group.status).toBe(0);
    const bob = unwrap(
      joinGroup(ann.group, { userId: 'bob', payment: pay('bob', 3_334) }, ON, NOW + 20),
    );
    expect(bob.membershipGrants).toEqual(['creator', 'ann', 'bob']);
    expect(bob.group).toMatchObject({ status: 1, finishedAt: NOW + 20 });
    expect(groupBuyPhase(groupFacts(bob.group), NOW + 24 * MS_PER_HOUR)).toBe('finished');
  });

  test('a pay-self share of the wrong amount is refused', () => {
    expect(
      joinGroup(openGroup(PAY_SELF), { userId: 'ann', payment: pay('ann', 3_333) }, ON, NOW),
    ).toEqual({ ok: false, error: 'payment_amount_mismatch' });
  });
});

describe('end time, countdown and the Ended state', () => {
  test.each([
    [
      'an hour in, 23 hours remain',
      MS_PER_HOUR,
      { days: 0, hours: 23, minutes: 0, seconds: 0, ended: false },
      'recruiting',
    ],
    [
      'at the end time it has ended',
      24 * MS_PER_HOUR,
      { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true },
      'ended',
    ],
    [
      'after the end time it stays at zero',
      30 * MS_PER_HOUR,
      { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true },
      'ended',
    ],
  ])('%s', (_rule, elapsed, expected, phase) => {
    const g = openGroup(PAY_SELF);
    expect(countdown(g.expiresAt, NOW + elapsed)).toMatchObject(expected);
    expect(groupBuyPhase(groupFacts(g), NOW + elapsed)).toBe(phase);
  });
});

describe('an unfilled group expires', () => {
  const end = NOW + 24 * MS_PER_HOUR;

  test('pay-self: every paid share is refunded to where it came from, and nobody gets membership', () => {
    const g = unwrap(
      joinGroup(
        openGroup(PAY_SELF),
        { userId: 'ann', payment: { ...pay('ann', 3_334), method: 'crypto' } },
        ON,
        NOW,
      ),
    ).group;
    const r = unwrap(expireGroupBuy(g, end));
    expect(r.refunds).toEqual([
      {
        userId: 'creator',
        paymentId: 'pay-creator',
        method: 'card',
        amountMinor: 3_334,
        currency: 'USD',
        reason: 'group_expired',
      },
      {
        userId: 'ann',
        paymentId: 'pay-ann',
        method: 'crypto',
        amountMinor: 3_334,
        currency: 'USD',
        reason: 'group_expired',
      },
    ]);
    expect(r.group).toMatchObject({ status: 0, closedAt: end, finishedAt: null });
    expect(groupBuyPhase(groupFacts(r.group), end)).toBe('ended');
  });

  test('a group whose creator never paid closes with nothing to refund', () => {
    expect(unwrap(expireGroupBuy(newGroup(PAY_ALL), end)).refunds).toEqual([]);
  });

  test.each<[string, () => GroupBuy, number, string]>([
    ['before the end time it is not expired', () => openGroup(PAY_SELF), end - 1, 'not_expired'],
    ['a finished group never expires', () => openGroup(PAY_ALL), end, 'already_finished'],
    [
      'closing twice refunds nothing twice',
      () => unwrap(expireGroupBuy(openGroup(PAY_SELF), end)).group,
      end + 1,
      'already_closed',
    ],
  ])('%s', (_rule, group, now, error) => {
    expect(expireGroupBuy(group(), now)).toEqual({ ok: false, error });
  });
});

describe('an operator closes an unfinished group', () => {
  test('before its end time: every paid share is refunded, nobody gets membership', () => {
    const g = unwrap(
      joinGroup(openGroup(PAY_SELF), { userId: 'ann', payment: pay('ann', 3_334) }, ON, NOW),
    ).group;
    const r = unwrap(closeGroupBuy(g, NOW + 1));
    expect(r.refunds.map((x) => [x.userId, x.paymentId, x.amountMinor, x.reason])).toEqual([
      ['creator', 'pay-creator', 3_334, 'group_closed'],
      ['ann', 'pay-ann', 3_334, 'group_closed'],
    ]);
    expect(r.group).toMatchObject({ status: 0, closedAt: NOW + 1, finishedAt: null });
  });

  test('a group whose creator never paid closes with nothing to refund', () => {
    expect(unwrap(closeGroupBuy(newGroup(PAY_SELF), NOW)).refunds).toEqual([]);
  });

  test.each<[string, () => GroupBuy, string]>([
    [
      'a finished group is not closed (its members have membership)',
      () => openGroup(PAY_ALL),
      'already_finished',
    ],
    [
      'closing twice refunds nothing twice',
      () => unwrap(closeGroupBuy(openGroup(PAY_SELF), NOW)).group,
      'already_closed',
    ],
  ])('%s', (_rule, group, error) => {
    expect(closeGroupBuy(group(), NOW + 1)).toEqual({ ok: false, error });
  });
});

// Random attempts to join, pay and expire: the machine never overfills, never grants twice,
// and an expiry refunds exactly what was paid.
type Action =
  { kind: 'join'; user: number; pays: boolean; at: number } | { kind: 'expire'; at: number };
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('join' as const),
    user: fc.integer({ min: 0, max: 4 }),
    pays: fc.boolean(),
    at: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({ kind: fc.constant('expire' as const), at: fc.integer({ min: 0, max: 30 }) }),
);

describe('group-buy invariants', () => {
  test('no overfill, each member granted once, finished groups complete, expiry refunds exactly the paid shares', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PAY_ALL, PAY_SELF),
        fc.constantFrom(2 as const, 3 as const),
        fc.boolean(),
        fc.array(action, { maxLength: 12 }),
        (type, size, creatorPays, actions) => {
          let g = newGroup(type, size);
          const granted: string[] = [];
          let refunded = 0;
          if (creatorPays) {
            const r = unwrap(payGroupAsCreator(g, pay('creator', groupCreatorAmountMinor(g)), NOW));
            g = r.group;
            granted.push(...r.membershipGrants);
          }
          for (const a of actions) {
            const now = NOW + a.at * MS_PER_HOUR;
            if (a.kind === 'join') {
              const r = joinGroup(
                g,
                {
                  userId: `u${a.user}`,
                  payment: a.pays ? pay(`u${a.user}`, g.unitPriceMinor, now) : null,
                },
                ON,
                now,
              );
              if (r.ok) {
                g = r.value.group;
                granted.push(...r.value.membershipGrants);
              }
            } else {
              const paidBefore = g.members.reduce((t, m) => t + (m.payment?.amountMinor ?? 0), 0);
              const r = expireGroupBuy(g, now);
              if (r.ok) {
                g = r.value.group;
                const total = r.value.refunds.reduce((t, x) => t + x.amountMinor, 0);
                expect(total).toBe(paidBefore);
                refunded += total;
              }
            }
            expect(g.members.length).toBeLessThanOrEqual(size);
          }
          expect(new Set(granted).size).toBe(granted.length);
          if (g.status === 1) {
            expect(refunded).toBe(0);
            expect(granted.sort()).toEqual(g.members.map((m) => m.userId).sort());
          } else {
            expect(granted).toEqual([]);
          }
          if (type === PAY_SELF)
            expect(g.members.every((m) => m.userId === 'creator' || m.payment !== null)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('the facts an app has of a group (the API shows them, not the members)', () => {
  const facts: GroupFacts = {
    status: GroupBuyStatus.UNFINISHED,
    paymentType: PAY_SELF,
    expireAt: NOW + MS_PER_HOUR,
    creatorPaid: true,
    membersJoined: 1,
    size: 3,
  };
  const finished = { ...facts, status: GroupBuyStatus.FINISHED };

  test.each<[string, GroupFacts, GroupBuyPhase, ReturnType<typeof joinRefusal>]>([
    ['a group whose creator paid recruits', facts, GroupBuyPhase.RECRUITING, null],
    [
      'a recruiting group with no seat left is full',
      { ...facts, membersJoined: 3 },
      GroupBuyPhase.RECRUITING,
      'group_full',
    ],
    [
      'a group whose creator has not paid waits for that payment',
      { ...facts, creatorPaid: false },
      GroupBuyPhase.AWAITING_CREATOR_PAYMENT,
      'creator_not_paid',
    ],
    [
      'an unfinished group at its end time has ended',
      { ...facts, expireAt: NOW },
      GroupBuyPhase.ENDED,
      'group_ended',
    ],
    [
      'an ended group is ended before anything else',
      { ...facts, expireAt: NOW, creatorPaid: false, membersJoined: 3 },
      GroupBuyPhase.ENDED,
      'group_ended',
    ],
    [
      'an unpaid creator is said before a full group',
      { ...facts, creatorPaid: false, membersJoined: 3 },
      GroupBuyPhase.AWAITING_CREATOR_PAYMENT,
      'creator_not_paid',
    ],
    [
      'a finished pay-all group with free seats takes friends after its end time',
      { ...finished, paymentType: PAY_ALL, expireAt: NOW - 1 },
      GroupBuyPhase.FINISHED,
      null,
    ],
    [
      'a finished pay-all group with every seat taken is full',
      { ...finished, paymentType: PAY_ALL, membersJoined: 3 },
      GroupBuyPhase.FINISHED,
      'group_full',
    ],
    [
      'a finished pay-self group is full',
      { ...finished, membersJoined: 3, expireAt: NOW - 1 },
      GroupBuyPhase.FINISHED,
      'group_full',
    ],
  ])('%s', (_rule, group, phase, refusal) => {
    expect(groupBuyPhase(group, NOW)).toBe(phase);
    expect(joinRefusal(group, NOW)).toBe(refusal);
  });

  test('the full group and its facts give the same answers', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(PAY_ALL, PAY_SELF),
        fc.integer({ min: 0, max: 30 * 60 }),
        fc.constantFrom('unpaid', 'paid', 'joined'),
        (type, minutes, stage) => {
          const paid = openGroup(type, 2);
          const g =
            stage === 'unpaid'
              ? newGroup(type, 2)
              : stage === 'paid'
                ? paid
                : unwrap(
                    joinGroup(
                      paid,
                      {
                        userId: 'ann',
                        payment: type === PAY_SELF ? pay('ann', paid.unitPriceMinor) : null,
                      },
                      ON,
                      NOW,
                    ),
                  ).group;
          const now = NOW + minutes * 60_000;
          const refusal = joinRefusal(groupFacts(g), now);
          const check = checkJoinGroup(g, { userId: 'bob', paying: type === PAY_SELF }, ON, now);
          expect(check.ok ? null : check.error).toBe(refusal);
        },
      ),
    );
  });
});
