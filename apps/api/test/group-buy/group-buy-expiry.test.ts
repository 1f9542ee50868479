import { GroupBuyPaymentType, MS_PER_HOUR } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { auditActions, idempotencyKey, signedWebhook, userRow } from '../support/payments.ts';
import {
  createGroup,
  GROUP_BUY_ON,
  groupOrderRows,
  pay,
  paidGroup,
  quickUser,
  seatRows,
} from '../support/group-buy.ts';
import { DIALECT, secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';

// The job's second concurrent run: another process on PostgreSQL; on SQLite the same process
// (better-sqlite3 waits for locks synchronously, so an in-thread second connection would block
// the lock holder; ops-jobs.test.ts runs real separate processes on both dialects).
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
  other = DIALECT === 'postgres' ? await secondProcess(t) : t;
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
});

const refundedAuditCount = async (orderId: string) =>
  (await auditActions(t, 'order', orderId)).filter((a) => a === 'order.refunded').length;

describe('an unfilled pay-self group at its end time', () => {
  test('is closed once and every paid share refunded once through the provider, even with the job running twice at once', async () => {
    const creator = await quickUser(t);
    const created = await paidGroup(t, creator.client, {
      productId: '1',
      size: 3,
      paymentType: GroupBuyPaymentType.PAY_SELF,
    });
    const { groupId } = created.group;
    const paidFriend = await quickUser(t);
    const share = await paidFriend.client.ok('paymentJointJoinForPay', {
      groupId,
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    });
    await pay(t, share.checkoutUrl);
    const holding = await quickUser(t);
    await holding.client.ok('paymentJointJoinForPay', {
      groupId,
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    });

    // Not yet: nothing happens before the end time.
    expect(await runScheduledJobs(t.app.services, t.clock.now)).toEqual({
      groupsExpired: 0,
      paymentsRefunded: 0,
      trafficDaysRolledUp: 0,
      membershipNotices: 0,
      mailSent: 0,
      nodeAlerts: 0,
      telegramSent: 0,
      webhooksDelivered: 0,
    });

    t.clock.advance(24 * MS_PER_HOUR);
    const refundsHere = vi.spyOn(t.app.services.orders.sandbox, 'refund');
    const refundsThere =
      other === t ? { mock: { calls: [] } } : vi.spyOn(other.app.services.orders.sandbox, 'refund');
    const runs = await Promise.all([
      runScheduledJobs(t.app.services, t.clock.now),
      runScheduledJobs(other.app.services, t.clock.now),
    ]);
    expect(runs.reduce((n, r) => n + r.groupsExpired, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.paymentsRefunded, 0)).toBe(2);
    expect(refundsHere.mock.calls.length + refundsThere.mock.calls.length).toBe(2);

    const orders = await groupOrderRows(t, groupId);
    const paidOrders = orders
      .filter((o) => o.status === 'refunded')
      .map((o) => o.public_id)
      .sort();
    expect(paidOrders).toEqual([created.orderId, share.orderId].sort());
    for (const orderId of paidOrders) expect(await refundedAuditCount(orderId)).toBe(1);
    expect(
      (await auditActions(t, 'group', groupId)).filter((a) => a === 'group.expired'),
    ).toHaveLength(1);
    for (const id of [creator.userId, paidFriend.userId, holding.userId])
      expect((await userRow(t, id)).standard_expires_at).toBeNull();
    expect((await seatRows(t, groupId)).map((s) => s.status)).toEqual([
      'refunded',
      'refunded',
      'released',
    ]);

    // Later runs find nothing to do.
    t.clock.advance(60_000);
    expect(await runScheduledJobs(other.app.services, t.clock.now)).toEqual({
      groupsExpired: 0,
      paymentsRefunded: 0,
      trafficDaysRolledUp: 0,
      membershipNotices: 0,
      mailSent: 0,
      nodeAlerts: 0,
      telegramSent: 0,
      webhooksDelivered: 0,
    });
    expect(refundsHere.mock.calls.length + refundsThere.mock.calls.length).toBe(2);
    const detail = await creator.client.ok('paymentJointDetail', { groupId });
    expect(detail).toMatchObject({ status: 0, finishAt: null, creatorPaid: false });
    expect(detail.expireAt).toBeLessThanOrEqual(t.clock.now);
  });

  test('a creator payment that arrives after the end time is refused and refunded', async () => {
    const creator = await quickUser(t);
    const created = await createGroup(creator.client, {
      productId: '1',
      size: 2,
      paymentType: GroupBuyPaymentType.PAY_SELF,
    });
    t.clock.advance(24 * MS_PER_HOUR + 1);
    const hook = await t.app.inject(
      signedWebhook(t, {
        type: 'paid',
        orderId: created.orderId,
        amountMinor: 650,
        currency: 'USD',
      }),
    );
    expect(hook.statusCode).toBe(200);
    await runScheduledJobs(t.app.services, t.clock.now);
    expect(
      (await creator.client.ok('paymentOrderStatus', { orderId: created.orderId })).status,
    ).toBe('refunded');
    expect(await auditActions(t, 'group', created.group.groupId)).toEqual([
      'group.created',
      'group.payment_refused',
      'group.expired',
      'group.order_refunded',
    ]);
  });

  test('a pay-all group whose creator never paid closes with nothing to refund', async () => {
    const creator = await quickUser(t);
    const created = await createGroup(creator.client, {
      size: 2,
      paymentType: GroupBuyPaymentType.PAY_ALL,
    });
    t.clock.advance(24 * MS_PER_HOUR);
    const spy = vi.spyOn(t.app.services.orders.sandbox, 'refund');
    const run = await runScheduledJobs(t.app.services, t.clock.now);
    expect(run.paymentsRefunded).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    expect(await auditActions(t, 'group', created.group.groupId)).toContain('group.expired');
  });
});

describe('the job timer of the server', () => {
  test('closes expired groups by itself and stops when the server closes', async () => {
    const own = await startTestApp({ env: { ...GROUP_BUY_ON }, jobIntervalMs: 20 });
    try {
      const creator = await quickUser(own);
      const created = await paidGroup(own, creator.client, {
        productId: '1',
        size: 2,
        paymentType: GroupBuyPaymentType.PAY_SELF,
      });
      own.clock.advance(24 * MS_PER_HOUR);
      await vi.waitFor(
        async () => {
          const order = await own.app.services.db
            .selectFrom('orders')
            .select('status')
            .where('public_id', '=', created.orderId)
            .executeTakeFirstOrThrow();
          expect(order.status).toBe('refunded');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await own.close();
    }
  });
});
