import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditActions, buy, buyer, pressOnCheckout, userRow } from '../support/payments.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let support: SignedInOperator;
let finance: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  support = await enrolledOperator(t, 'support');
  finance = await enrolledOperator(t, 'finance');
});
afterAll(() => t.close());

const page = { page: 1, pageSize: 10 };

describe('orders in the console', () => {
  test('filtered on the server; support reads but cannot refund; finance refunds and time is taken back', async () => {
    const { client, userId } = await buyer(t);
    const paid = await buy(client);
    await pressOnCheckout(t, paid.checkoutUrl, 'pay');
    const pending = await buy(client);
    const mine = await support.client.ok('adminOrderSearch', { userId: String(userId), ...page });
    expect(mine.items.map((o) => o.orderId).sort()).toEqual([paid.orderId, pending.orderId].sort());
    const paidOnly = await support.client.ok('adminOrderSearch', {
      userId: String(userId),
      status: 'paid',
      ...page,
    });
    expect(paidOnly.items.map((o) => o.orderId)).toEqual([paid.orderId]);
    const byId = await support.client.ok('adminOrderSearch', { orderId: paid.orderId, ...page });
    expect(byId.items[0]).toMatchObject({
      orderId: paid.orderId,
      status: 'paid',
      userId: String(userId),
    });
    expect(
      (await support.client.ok('adminOrderSearch', { from: t.clock.now + 1, ...page })).total,
    ).toBe(0);

    const before = await userRow(t, userId);
    expect(before.standard_expires_at).toBeGreaterThan(t.clock.now);
    const refused = await support.client.call('adminOrderRefund', {
      orderId: paid.orderId,
      reason: 'asked for it',
    });
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN.code);
    expect((await userRow(t, userId)).standard_expires_at).toBe(before.standard_expires_at);

    const refunded = await finance.client.ok('adminOrderRefund', {
      orderId: paid.orderId,
      reason: 'Customer asked within 7 days',
    });
    expect(refunded).toMatchObject({ refunded: true, order: { status: 'refunded' } });
    expect((await userRow(t, userId)).standard_expires_at ?? 0).toBeLessThanOrEqual(t.clock.now);
    const again = await finance.client.ok('adminOrderRefund', {
      orderId: paid.orderId,
      reason: 'twice',
    });
    expect(again.refunded).toBe(false);
    expect(
      (await finance.client.call('adminOrderRefund', { orderId: pending.orderId, reason: 'x' }))
        .body.code,
    ).toBe(ErrorCode.REFUND_NOT_ALLOWED.code);
    expect(await auditActions(t, 'order', paid.orderId)).toEqual(
      expect.arrayContaining(['order.refunded', 'order.refund_reason']),
    );
    const actors = await t.app.services.db
      .selectFrom('audit_log')
      .select('actor')
      .where('subject_id', '=', paid.orderId)
      .where('action', '=', 'order.refunded')
      .execute();
    expect(actors).toEqual([{ actor: `operator:${finance.operatorId}` }]);
  });
});

describe('marking paid and cancelling', () => {
  test('finance marks an unpaid order paid with a reference (membership credited once) and cancels another', async () => {
    const { client, userId } = await buyer(t);
    const pending = await buy(client);
    const other = await buy(client);
    expect(
      (
        await support.client.call('adminOrderMarkPaid', {
          orderId: pending.orderId,
          reference: 'BANK-1',
        })
      ).body.code,
    ).toBe(ErrorCode.FORBIDDEN.code);
    const paid = await finance.client.ok('adminOrderMarkPaid', {
      orderId: pending.orderId,
      reference: 'BANK-1',
    });
    expect(paid.order.status).toBe('paid');
    const credited = (await userRow(t, userId)).standard_expires_at;
    expect(credited).toBeGreaterThan(t.clock.now);
    expect(
      (
        await finance.client.call('adminOrderMarkPaid', {
          orderId: pending.orderId,
          reference: 'BANK-1',
        })
      ).body.code,
    ).toBe(ErrorCode.ORDER_NOT_PAYABLE.code);
    expect((await userRow(t, userId)).standard_expires_at).toBe(credited);

    expect(
      (await finance.client.call('adminOrderCancel', { orderId: pending.orderId, reason: 'x' }))
        .body.code,
    ).toBe(ErrorCode.ORDER_NOT_CANCELLABLE.code);
    const cancelled = await finance.client.ok('adminOrderCancel', {
      orderId: other.orderId,
      reason: 'Customer chose another plan',
    });
    expect(cancelled.order.status).toBe('failed');
    expect(await auditActions(t, 'order', pending.orderId)).toContain('order.paid');
    expect(await auditActions(t, 'order', other.orderId)).toContain('order.failed');
  });
});
