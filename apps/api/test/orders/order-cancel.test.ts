import { ErrorCode } from '@nimbus/api-sdk/contract';
import { PromoKind } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import {
  auditActions,
  buy,
  buyer,
  idempotencyKey,
  pressOnCheckout,
  signedWebhook,
  userRow,
} from '../support/payments.ts';
import { databaseFingerprint, expectRefusal } from '../security/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function oneUseCode(): Promise<string> {
  const code = `ONCE${idempotencyKey().slice(0, 8).toUpperCase()}`;
  await createPromoCode(
    t.app.services.db,
    { code, kind: PromoKind.PERCENT, value: 20, maxUses: 1 },
    t.clock.now,
  );
  return code;
}

const historyOf = async (client: Awaited<ReturnType<typeof buyer>>['client']) =>
  (await client.ok('paymentOrder', { page: 1, pageSize: 20 })).items;

describe('cancelling and resuming a pending order', () => {
  test('a pending order can be resumed at its checkout or cancelled; cancelling releases its promo code use at once', async () => {
    const code = await oneUseCode();
    const alice = await buyer(t);
    const order = await buy(alice.client, { promoCode: code });
    expect((await historyOf(alice.client))[0]).toMatchObject({
      orderId: order.orderId,
      status: 'pending',
      resumeUrl: order.checkoutUrl,
      cancellable: true,
    });
    // The one use is held: another buyer is refused the code.
    const bob = await buyer(t);
    const refused = await bob.client.call('paymentPurchase', {
      productId: '1',
      paymentMethod: 'card',
      promoCode: code,
      idempotencyKey: idempotencyKey(),
    });
    expectRefusal(refused, ErrorCode.PROMO_CODE_USED_UP);

    expect(await alice.client.ok('paymentCancelOrder', { orderId: order.orderId })).toEqual({
      orderId: order.orderId,
      status: 'cancelled',
    });
    expect((await historyOf(alice.client))[0]).toMatchObject({
      status: 'cancelled',
      resumeUrl: null,
      cancellable: false,
    });
    // Released: the other buyer gets the code now.
    await buy(bob.client, { promoCode: code });
    // Cancelling again is refused and changes nothing.
    const before = await databaseFingerprint(t.app);
    expectRefusal(
      await alice.client.call('paymentCancelOrder', { orderId: order.orderId }),
      ErrorCode.ORDER_NOT_CANCELLABLE,
    );
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  test('a paid order cannot be cancelled', async () => {
    const alice = await buyer(t);
    const order = await buy(alice.client);
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    const before = await databaseFingerprint(t.app);
    alice.client.language = 'zh_CN';
    expectRefusal(
      await alice.client.call('paymentCancelOrder', { orderId: order.orderId }),
      ErrorCode.ORDER_NOT_CANCELLABLE,
      'zh-CN',
    );
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  test('money that still arrives for a cancelled order is taken and credited once', async () => {
    const alice = await buyer(t);
    const order = await buy(alice.client);
    await alice.client.ok('paymentCancelOrder', { orderId: order.orderId });
    // Paid at the provider before the cancel reached us: its webhook arrives after (twice).
    const paid = signedWebhook(t, {
      type: 'paid',
      orderId: order.orderId,
      amountMinor: order.amount.amountMinor,
      currency: order.amount.currency,
    });
    expect((await t.app.inject(paid)).statusCode).toBe(200);
    expect((await t.app.inject(paid)).statusCode).toBe(200);
    expect((await historyOf(alice.client))[0]).toMatchObject({ status: 'paid' });
    expect(await auditActions(t, 'order', order.orderId)).toEqual(
      expect.arrayContaining(['order.cancelled', 'order.paid']),
    );
    expect(Number((await userRow(t, Number(alice.userId))).standard_expires_at)).toBeGreaterThan(
      t.clock.now,
    );
  });

  test("another member's order is as unknown as a missing one", async () => {
    const alice = await buyer(t);
    const order = await buy(alice.client);
    const bob = await buyer(t);
    expectRefusal(
      await bob.client.call('paymentCancelOrder', { orderId: order.orderId }),
      ErrorCode.ORDER_NOT_FOUND,
    );
    expect((await historyOf(alice.client))[0]).toMatchObject({ status: 'pending' });
  });
});
