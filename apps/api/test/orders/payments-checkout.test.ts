import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_DAY, MS_PER_MINUTE } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  auditActions,
  buy,
  buyer,
  idempotencyKey,
  pathOf,
  pressOnCheckout,
  signedWebhook,
  userRow,
} from '../support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the goods list', () => {
  test('payment_shop (signed) lists Standard and Lite plans priced in USD cents', async () => {
    const client = new Client(t.app);
    const answer = await client.signedCall('paymentShop', {});
    expect(answer.body.code).toBe(200);
    const items = answer.body.data?.items ?? [];
    expect(items.map((p) => [p.groupType, p.durationDays])).toEqual([
      [1, 30],
      [1, 90],
      [1, 365],
      [1, 730],
      [2, 30],
      [2, 90],
      [2, 365],
    ]);
    for (const plan of items) {
      expect(plan.currency).toBe('USD');
      expect(plan.devicesAllowed).toBe(plan.groupType === 1 ? 5 : 2);
      expect(plan.savingsMinor).toBe(plan.originalPriceMinor - plan.priceMinor);
    }
    expect(items.find((p) => p.durationDays === 365 && p.groupType === 1)).toMatchObject({
      name: 'Standard · 12 months',
      recommended: true,
      discountPercent: 35,
    });
    client.language = 'zh_CN';
    const lite = await client.signedCall('paymentShop', { groupType: 2 });
    expect(lite.body.data?.items.map((p) => p.name)).toEqual([
      '轻量版 · 1 个月',
      '轻量版 · 3 个月',
      '轻量版 · 12 个月',
    ]);
    // The spec's group type also comes as a string; anything else is refused.
    const asString = await client.signedCall('paymentShop', { groupType: '2' });
    expect(asString.body.data?.items.map((p) => p.groupType)).toEqual([2, 2, 2]);
    const standard = await client.signedCall('paymentShop', { groupType: '1' });
    expect(standard.body.data?.items.every((p) => p.groupType === 1)).toBe(true);
    const wrong = await client.signedCall('paymentShop', { groupType: '3' } as never);
    expect(wrong.body.code).not.toBe(200);
  });

  test('unsigned calls are refused', async () => {
    const answer = await new Client(t.app).call('paymentShop', {});
    expect(answer.body.status).toBe('SignatureInvalid');
  });
});

describe('checkout through the sandbox', () => {
  test('buy, open the checkout page, press Pay: paid once, membership extended, audited', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1' });
    expect(order).toMatchObject({
      status: 'pending',
      amount: { amountMinor: 1299, currency: 'USD' },
    });
    expect(order.checkoutUrl).toMatch(
      new RegExp(`/pay/sandbox/${order.orderId}\\?key=[A-Za-z0-9_-]{22}$`),
    );

    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(order.checkoutUrl),
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('$12.99');
    expect(page.body).toContain('Standard · 1 month');
    expect(page.body).not.toContain('<script');

    const pressed = await pressOnCheckout(t, order.checkoutUrl, 'pay');
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(`/purchased?orderId=${order.orderId}`);

    const status = await client.ok('paymentOrderStatus', { orderId: order.orderId });
    expect(status).toMatchObject({
      status: 'paid',
      paidAt: t.clock.now,
      paymentNotDetected: false,
      amount: { amountMinor: 1299 },
    });
    const user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    expect(user.devices_allowed).toBe(5);
    expect(user.yearly_paid_user).toBe(0);
    expect(await auditActions(t, 'order', order.orderId)).toEqual(['order.created', 'order.paid']);
    expect(await auditActions(t, 'user', userId)).toContain('membership.credited');

    // The page now says it is paid, and pressing again changes nothing.
    const again = await pressOnCheckout(t, order.checkoutUrl, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already been paid');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
  });

  test('the checkout page speaks Chinese to a Chinese browser', async () => {
    const { client } = await buyer(t);
    const order = await buy(client);
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(order.checkoutUrl),
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(page.body).toContain('测试收银台');
    expect(page.body).toContain('拒绝付款');
  });

  test('an unknown checkout is a 404 page', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/pay/sandbox/20260101AAAAAAAAAAAA',
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Order not found.');
  });

  test('Fail marks the order failed and grants nothing', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client);
    const pressed = await pressOnCheckout(t, order.checkoutUrl, 'fail');
    expect(pressed.statusCode).toBe(303);
    expect((await client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe(
      'failed',
    );
    expect((await userRow(t, userId)).standard_expires_at).toBeNull();
  });

  test('50 concurrent deliveries of one webhook credit the order once', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '3' });
    const webhook = signedWebhook(t, {
      type: 'paid',
      orderId: order.orderId,
      amountMinor: 9999,
      currency: 'USD',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject(webhook)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const outcomes = answers.map((a) => a.json<{ data: { outcome: string } }>().data.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    const user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(t.clock.now + 365 * MS_PER_DAY);
    // 12 months of Standard: a yearly paid user with benefits until the Standard expiry.
    expect(user.yearly_paid_user).toBe(1);
    expect(user.benefits_expires_at).toBe(user.standard_expires_at);
    expect(
      (await auditActions(t, 'order', order.orderId)).filter((a) => a === 'order.paid'),
    ).toHaveLength(1);
  });

  test('webhooks with a bad signature, a stale timestamp or a wrong amount change nothing', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client);
    const good = signedWebhook(t, {
      type: 'paid',
      orderId: order.orderId,
      amountMinor: 1299,
      currency: 'USD',
    });
    const tampered = { ...good, payload: good.payload.replace('1299', '1') };
    expect((await t.app.inject(tampered)).statusCode).toBe(400);
    const unsigned = { ...good, headers: { 'content-type': 'application/json' } };
    expect((await t.app.inject(unsigned)).json()).toMatchObject({ status: 'SignatureInvalid' });
    t.clock.advance(-10 * MS_PER_MINUTE);
    const stale = signedWebhook(t, {
      type: 'paid',
      orderId: order.orderId,
      amountMinor: 1299,
      currency: 'USD',
    });
    t.clock.advance(10 * MS_PER_MINUTE);
    expect((await t.app.inject(stale)).statusCode).toBe(400);
    const cheap = await t.app.inject(
      signedWebhook(t, { type: 'paid', orderId: order.orderId, amountMinor: 1, currency: 'USD' }),
    );
    expect(cheap.json<{ data: { outcome: string } }>().data.outcome).toBe('amount_mismatch');
    expect((await client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe(
      'pending',
    );
    expect((await userRow(t, userId)).standard_expires_at).toBeNull();
    expect(await auditActions(t, 'order', order.orderId)).toContain('order.payment_mismatch');
    // The /v4/test twin takes the genuine one.
    const twin = await t.app.inject({ ...good, url: '/v4/test/payment/webhook/sandbox' });
    expect(twin.json<{ data: { outcome: string } }>().data.outcome).toBe('applied');
  });
});

describe('payment_purchase', () => {
  test('a double-submitted purchase is one order', async () => {
    const { client } = await buyer(t);
    const key = idempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.call('paymentPurchase', {
          productId: '2',
          paymentMethod: 'card',
          idempotencyKey: key,
        }),
      ),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data?.orderId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data?.checkoutUrl)).size).toBe(1);
    const history = await client.ok('paymentOrder', { page: 1, pageSize: 10 });
    expect(history.total).toBe(1);
  });

  test('the price comes from the plan: a price in the request is refused by the schema', async () => {
    const { client } = await buyer(t);
    const tampered = await client.call('paymentPurchase', {
      productId: '3',
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
      amountMinor: 1,
      price: 1,
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
    expect((await client.ok('paymentOrder', { page: 1, pageSize: 10 })).total).toBe(0);
    const honest = await buy(client, { productId: '3' });
    expect(honest.amount).toEqual({ amountMinor: 9999, currency: 'USD' });
  });

  test('an unknown product, an unoffered method and a reused key are refused', async () => {
    const { client } = await buyer(t);
    expect(
      (
        await client.call('paymentPurchase', {
          productId: '999',
          paymentMethod: 'card',
          idempotencyKey: idempotencyKey(),
        })
      ).body.msg,
    ).toBe('Invalid product ID.');
    expect(
      (
        await client.call('paymentPurchase', {
          productId: '1',
          paymentMethod: 'wechat',
          idempotencyKey: idempotencyKey(),
        })
      ).body.status,
    ).toBe('PaymentMethodUnavailable');
    expect(
      (
        await client.call('paymentPurchase', {
          productId: '1',
          paymentMethod: 'crypto',
          idempotencyKey: idempotencyKey(),
        })
      ).body.status,
    ).toBe('PaymentMethodUnavailable');
    const key = idempotencyKey();
    await buy(client, { productId: '1', idempotencyKey: key });
    expect(
      (
        await client.call('paymentPurchase', {
          productId: '2',
          paymentMethod: 'card',
          idempotencyKey: key,
        })
      ).body.status,
    ).toBe('BadRequest');
  });

  test('a purchase needs a session', async () => {
    const answer = await new Client(t.app).call('paymentPurchase', {
      productId: '1',
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    });
    expect(answer.status).toBe(401);
  });
});

describe('orders', () => {
  test('history is paginated, newest first, with product names and amounts', async () => {
    const { client } = await buyer(t);
    const first = await buy(client, { productId: '5' });
    t.clock.advance(1000);
    const second = await buy(client, { productId: '1' });
    const page1 = await client.ok('paymentOrder', { page: 1, pageSize: 1 });
    expect(page1).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.items[0]).toMatchObject({
      orderId: second.orderId,
      productName: 'Standard · 1 month',
      amount: { amountMinor: 1299, currency: 'USD' },
      status: 'pending',
      paymentMethod: 'card',
    });
    const page2 = await client.ok('paymentOrder', { page: 2, pageSize: 1 });
    expect(page2.items.map((o) => o.orderId)).toEqual([first.orderId]);
  });

  test('a pending order becomes "payment not detected", then expires; a late payment still counts', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client);
    t.clock.advance(16 * MS_PER_MINUTE);
    expect(await client.ok('paymentOrderStatus', { orderId: order.orderId })).toMatchObject({
      status: 'pending',
      paymentNotDetected: true,
    });
    t.clock.advance(60 * MS_PER_MINUTE);
    expect(await client.ok('paymentOrderStatus', { orderId: order.orderId })).toMatchObject({
      status: 'expired',
      paymentNotDetected: false,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(order.checkoutUrl),
      headers: { 'accept-language': 'en' },
    });
    expect(page.body).toContain('can no longer be paid');
    // The provider confirms after all: the user paid, so it counts.
    await t.app.inject(
      signedWebhook(t, {
        type: 'paid',
        orderId: order.orderId,
        amountMinor: 1299,
        currency: 'USD',
      }),
    );
    expect((await client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe('paid');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
  });

  test('the pruning job expires pending orders', async () => {
    const { client } = await buyer(t);
    const order = await buy(client);
    t.clock.advance(61 * MS_PER_MINUTE);
    const { expireOrders } = await import('../../src/orders/lifecycle.ts');
    expect(await expireOrders(t.app.services, t.clock.now)).toBeGreaterThanOrEqual(1);
    const row = await t.app.services.db
      .selectFrom('orders')
      .select('status')
      .where('public_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });

  test("someone else's order is not found", async () => {
    const { client } = await buyer(t);
    const order = await buy(client);
    const other = await buyer(t);
    expect(
      (await other.client.call('paymentOrderStatus', { orderId: order.orderId })).body.status,
    ).toBe('OrderNotFound');
  });
});
