import {
  GroupBuyPaymentType,
  GroupBuyStatus,
  MS_PER_DAY,
  MS_PER_HOUR,
  OrderStatus,
} from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expireDueGroups } from '../../src/group-buy/jobs.ts';
import { markKol } from '../../src/inviters/manage-kols.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { paymentProblems } from '../reliability/consistency.ts';
import { GROUP_BUY_ON, joinForPay, paidGroup, pay, quickUser } from '../support/group-buy.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { DIALECT, startTestApp, type TestApp } from '../support/test-app.ts';
import { buy, signedWebhook, userRow } from '../support/payments.ts';

/**
 * The payment that fills a pay-self group credits every member, so it writes other users' rows
 * than its buyer's, racing a transaction that starts at one of those users: an operator's refund
 * of a member's share, another payment of a member whose KOL inviter is the member finishing
 * the group, the expiry job, the same member joining again. Taken in opposite order, PostgreSQL aborts one of them (40P01)
 * and the call answers 500; with one lock order (docs/architecture.md, "Row locks, one order")
 * both complete, and whichever went first, each credit is given once and taken back once.
 * Each test counts the rounds in which a call failed, so the message says how often it happened.
 */

let t: TestApp;
let finance: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
  finance = await enrolledOperator(t, 'finance');
});
afterAll(() => t.close());

const ROUNDS = 8;
const MONTH = 30 * MS_PER_DAY;

type Member = Awaited<ReturnType<typeof quickUser>>;

async function share(member: Member, groupId: string) {
  const joined = await joinForPay(member.client, groupId);
  expect(joined.body.code).toBe(200);
  const data = joined.body.data;
  if (!data) throw new Error('no share order');
  return data;
}

/** The provider's word that a share or order was paid, as the sandbox signs it. */
const paidEvent = (order: { orderId: string; amount: { amountMinor: number; currency: string } }) =>
  signedWebhook(t, {
    type: 'paid',
    orderId: order.orderId,
    amountMinor: order.amount.amountMinor,
    currency: order.amount.currency,
  });

async function groupStatus(groupId: string) {
  const row = await t.app.services.db
    .selectFrom('group_buys')
    .select('status')
    .where('public_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function orderStatus(publicId: string) {
  const row = await t.app.services.db
    .selectFrom('orders')
    .select('status')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.status;
}

const standardOf = async (m: Member) => (await userRow(t, m.userId)).standard_expires_at;

describe(`group completion racing other writers of its members (${DIALECT})`, () => {
  test('the last share paid while an operator refunds another member: both complete, credits once', async () => {
    const failed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const creator = await quickUser(t);
      const {
        group: { groupId },
      } = await paidGroup(t, creator.client, {
        productId: '1',
        size: 3,
        paymentType: GroupBuyPaymentType.PAY_SELF,
      });
      const first = await quickUser(t);
      const firstShare = await share(first, groupId);
      await pay(t, firstShare.checkoutUrl);
      const last = await quickUser(t);
      const lastShare = await share(last, groupId);

      const [paid, refund] = await Promise.all([
        t.app.inject(paidEvent(lastShare)),
        finance.client.call('adminOrderRefund', {
          orderId: firstShare.orderId,
          reason: 'asked for it',
        }),
      ]);
      if (paid.statusCode !== 200 || refund.body.status !== 'OK') {
        failed.push(`round ${round}: webhook ${paid.statusCode}, refund ${refund.body.status}`);
        continue;
      }

      expect(await orderStatus(firstShare.orderId)).toBe(OrderStatus.REFUNDED);
      expect(await orderStatus(lastShare.orderId)).toBe(OrderStatus.PAID);
      // Refunded first, the group still waits for a seat; filled first, the refund took back the
      // refunded member's month and left the others theirs.
      const finished = (await groupStatus(groupId)) === GroupBuyStatus.FINISHED;
      for (const m of [creator, last])
        expect(await standardOf(m)).toBe(finished ? t.clock.now + MONTH : null);
      expect((await standardOf(first)) ?? 0).toBeLessThanOrEqual(t.clock.now);
    }
    expect(failed, `failed ${failed.length} of ${ROUNDS} rounds`).toEqual([]);
    expect(await paymentProblems(t.app.services.db)).toEqual([]);
  });

  test("the last share paid by a member's KOL inviter while that member pays an order: both credited once, one commission each", async () => {
    const failed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const kol = await quickUser(t);
      await markKol(t.app.services.db, t.app.services.dialect, kol.userId, 30, {
        actor: 'ops:test',
        now: t.clock.now,
      });
      const creator = await quickUser(t, { inviterId: kol.userId });
      const {
        orderId: paidCreatorOrder,
        group: { groupId },
      } = await paidGroup(t, creator.client, {
        productId: '1',
        size: 2,
        paymentType: GroupBuyPaymentType.PAY_SELF,
      });
      const kolShare = await share(kol, groupId);
      const plain = await buy(creator.client);

      const [finishing, buying] = await Promise.all([
        t.app.inject(paidEvent(kolShare)),
        t.app.inject(paidEvent(plain)),
      ]);
      if (finishing.statusCode !== 200 || buying.statusCode !== 200) {
        failed.push(`round ${round}: share ${finishing.statusCode}, order ${buying.statusCode}`);
        continue;
      }

      expect(await groupStatus(groupId)).toBe(GroupBuyStatus.FINISHED);
      expect(await standardOf(kol)).toBe(t.clock.now + MONTH);
      expect(await standardOf(creator)).toBe(t.clock.now + 2 * MONTH);
      const commissions = await t.app.services.db
        .selectFrom('kol_commissions')
        .select('order_public_id')
        .where('kol_id', '=', kol.userId)
        .execute();
      expect(commissions.map((c) => c.order_public_id).sort()).toEqual(
        [paidCreatorOrder, plain.orderId].sort(),
      );
    }
    expect(failed, `failed ${failed.length} of ${ROUNDS} rounds`).toEqual([]);
    expect(await paymentProblems(t.app.services.db)).toEqual([]);
  });

  test("the same member joining again after their hold lapsed while the first share's payment arrives", async () => {
    const failed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const creator = await quickUser(t);
      const {
        group: { groupId },
      } = await paidGroup(t, creator.client, {
        productId: '1',
        size: 2,
        paymentType: GroupBuyPaymentType.PAY_SELF,
      });
      const friend = await quickUser(t);
      const firstShare = await share(friend, groupId);
      t.clock.advance(16 * 60 * 1000);

      const [paid, again] = await Promise.all([
        t.app.inject(paidEvent(firstShare)),
        joinForPay(friend.client, groupId),
      ]);
      // Paid first, the seat is theirs for good: joining again is refused as already joined.
      if (
        paid.statusCode !== 200 ||
        (again.body.status !== 'OK' && again.body.status !== 'GroupAlreadyJoined')
      ) {
        failed.push(`round ${round}: webhook ${paid.statusCode}, join ${again.body.status}`);
        continue;
      }
      // The payment is never lost: it bought the seat (everyone credited once) or is queued to
      // go back.
      const finished = (await groupStatus(groupId)) === GroupBuyStatus.FINISHED;
      const refunds = await t.app.services.db
        .selectFrom('group_buy_refunds')
        .innerJoin('orders', 'orders.id', 'group_buy_refunds.order_id')
        .select('orders.public_id')
        .where('orders.public_id', '=', firstShare.orderId)
        .execute();
      expect(refunds).toHaveLength(finished ? 0 : 1);
      for (const m of [creator, friend])
        expect(await standardOf(m)).toBe(finished ? t.clock.now + MONTH : null);
    }
    expect(failed, `failed ${failed.length} of ${ROUNDS} rounds`).toEqual([]);
    expect(await paymentProblems(t.app.services.db)).toEqual([]);
  });

  test("the expiry job closing a group while an operator refunds a member's share: both complete", async () => {
    const failed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const creator = await quickUser(t);
      const created = await paidGroup(t, creator.client, {
        productId: '1',
        size: 3,
        paymentType: GroupBuyPaymentType.PAY_SELF,
      });
      const { groupId } = created.group;
      const member = await quickUser(t);
      const memberShare = await share(member, groupId);
      await pay(t, memberShare.checkoutUrl);
      t.clock.advance(25 * MS_PER_HOUR);

      // The operator's console session has lapsed over the day: the same refund from `pnpm ops`.
      const [expired, refund] = await Promise.allSettled([
        expireDueGroups(t.app.services, t.clock.now),
        refundOrder(t.app.services, memberShare.orderId, 'ops:test', t.clock.now),
      ]);
      if (expired.status === 'rejected' || refund.status === 'rejected') {
        const reasons = [expired, refund].map((r) => (r.status === 'rejected' ? r.reason : 'ok'));
        failed.push(`round ${round}: expiry, refund: ${reasons.map(String).join(', ')}`);
        continue;
      }
      expect(await groupStatus(groupId)).toBe(GroupBuyStatus.UNFINISHED);
      expect(await orderStatus(memberShare.orderId)).toBe(OrderStatus.REFUNDED);
      // The creator's share is queued to go back, the member's at most once more (refunded already,
      // the queue finds nothing left to do).
      const queued = await t.app.services.db
        .selectFrom('group_buy_refunds')
        .innerJoin('orders', 'orders.id', 'group_buy_refunds.order_id')
        .select('orders.public_id')
        .where('orders.public_id', 'in', [created.orderId, memberShare.orderId])
        .execute();
      expect(queued.map((q) => q.public_id)).toContain(created.orderId);
      for (const m of [creator, member]) expect((await standardOf(m)) ?? 0).toBe(0);
    }
    expect(failed, `failed ${failed.length} of ${ROUNDS} rounds`).toEqual([]);
    expect(await paymentProblems(t.app.services.db)).toEqual([]);
  });
});
