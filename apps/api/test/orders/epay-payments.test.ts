import { createServer } from 'node:net';
import { MS_PER_DAY, MS_PER_MINUTE, PromoKind } from '@nimbus/domain';
import { startEpayStandin, type EpayStandin } from '@nimbus/e2e-kit/epay';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { auditActions, buy, buyer, idempotencyKey, userRow } from '../support/payments.ts';

// EPay (易支付) against a local stand-in gateway that speaks the protocol over real HTTP: the
// signed redirect to submit.php, the gateway's signed notify (GET or POST) answered `success`.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let gateway: EpayStandin;
let t: TestApp;
let base: string;
beforeAll(async () => {
  gateway = await startEpayStandin();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The seeded plans are priced in USD: this merchant's gateway charges USD.
  t = await startTestApp({
    env: {
      ...gateway.env,
      EPAY_CURRENCY: 'USD',
      PAYMENT_SANDBOX: 'false',
      PUBLIC_URL: base,
      JOBS_INTERVAL_SECONDS: '0',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});

const notifyUrl = () => `${base}/v4/payment/webhook/epay`;
const orderRow = (publicId: string) =>
  t.app.services.db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
const submitted = (checkoutUrl: string | null) =>
  Object.fromEntries(new URL(checkoutUrl ?? '').searchParams);

describe('checkout', () => {
  test('the redirect to submit.php carries the order signed with the merchant key', async () => {
    const { client } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'alipay' });
    expect(order.checkoutUrl?.startsWith(`${gateway.url}/submit.php?`)).toBe(true);
    expect(submitted(order.checkoutUrl)).toMatchObject({
      pid: gateway.env.EPAY_MERCHANT_ID,
      type: 'alipay',
      out_trade_no: order.orderId,
      notify_url: notifyUrl(),
      return_url: `${base}/purchased?orderId=${order.orderId}`,
      money: '12.99',
      sign_type: 'MD5',
    });
    // The gateway (signing by the protocol on its own) accepts it and shows its cashier page.
    const page = await fetch(order.checkoutUrl ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('12.99');
    const wechat = await buy(client, { productId: '5', paymentMethod: 'wechat' });
    expect(submitted(wechat.checkoutUrl)).toMatchObject({ type: 'wxpay', money: '6.99' });
    const config = await client.signedCall('systemClientConfig', {});
    expect(config.body.data?.paymentMethods).toEqual(['alipay', 'wechat']);
    expect(config.body.data?.testModeMethods).toEqual([]);
  });

  test('paying at the gateway notifies the server, which answers success and credits once', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '2', paymentMethod: 'alipay' });
    const paid = await fetch(order.checkoutUrl ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`${base}/purchased?orderId=${order.orderId}`);
    const trade = gateway.trades.get(order.orderId);
    expect(trade?.answers).toEqual(['success']);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.payment_ref).toBe(trade?.tradeNo);
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 90 * MS_PER_DAY);

    // The gateway sends the notify again (GET and POST): answered success, credited once.
    for (const method of ['GET', 'POST'] as const)
      expect(await gateway.notify(notifyUrl(), trade?.params ?? {}, method)).toEqual({
        status: 200,
        text: 'success',
      });
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 90 * MS_PER_DAY);
    expect(
      (await auditActions(t, 'order', order.orderId)).filter((a) => a === 'order.paid'),
    ).toHaveLength(1);
  });
});

describe('a once-per-user promo code', () => {
  test('an order with it is not replaced while its EPay checkout is payable: the code is never used twice', async () => {
    const code = `ONCE${idempotencyKey().slice(0, 8).toUpperCase()}`;
    const promoId = await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 50, maxUsesPerUser: 1 },
      t.clock.now,
    );
    const { client, userId } = await buyer(t);
    const first = await buy(client, { productId: '1', paymentMethod: 'alipay', promoCode: code });
    // A second order with the code (another plan, another method) would leave the first one
    // payable at the gateway, which EPay cannot close.
    for (const second of [
      { productId: '1', paymentMethod: 'alipay' },
      { productId: '2', paymentMethod: 'wechat' },
    ]) {
      const refused = await client.call('paymentPurchase', {
        ...second,
        promoCode: code,
        idempotencyKey: idempotencyKey(),
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ status: 'PromoCheckoutOpen', data: null });
      expect(refused.body.msg).toContain(first.orderId);
      expect(refused.body.msg).toMatch(/expires in 15 min/);
    }
    expect((await orderRow(first.orderId)).status).toBe('pending');
    // The first checkout still pays, once, with the code's one use.
    const paid = await fetch(first.checkoutUrl ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect((await orderRow(first.orderId)).status).toBe('paid');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    expect(await auditActions(t, 'promo_code', promoId)).not.toContain('promo.over_limit');
    const again = await client.call('paymentPurchase', {
      productId: '1',
      paymentMethod: 'alipay',
      promoCode: code,
      idempotencyKey: idempotencyKey(),
    });
    expect(again.body).toMatchObject({ status: 'PromoCodeUserLimit' });
  });

  test('nor cancelled while its EPay checkout is payable: cancel, reorder, pay both is closed', async () => {
    const code = `ONCE${idempotencyKey().slice(0, 8).toUpperCase()}`;
    const promoId = await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 50, maxUsesPerUser: 1 },
      t.clock.now,
    );
    const { client, userId } = await buyer(t);
    const first = await buy(client, { productId: '1', paymentMethod: 'alipay', promoCode: code });
    const refused = await client.call('paymentCancelOrder', { orderId: first.orderId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: 'PromoCheckoutOpen', data: null });
    expect(refused.body.msg).toContain(first.orderId);
    expect((await orderRow(first.orderId)).status).toBe('pending');
    // Still one use: a new order with the code is refused too, and the first page pays once.
    const second = await client.call('paymentPurchase', {
      productId: '1',
      paymentMethod: 'alipay',
      promoCode: code,
      idempotencyKey: idempotencyKey(),
    });
    expect(second.body).toMatchObject({ status: 'PromoCheckoutOpen' });
    const paid = await fetch(first.checkoutUrl ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    expect(await auditActions(t, 'promo_code', promoId)).not.toContain('promo.over_limit');
    // An EPay order without a code is cancelled as before.
    const plain = await buy(client, { productId: '2', paymentMethod: 'alipay' });
    expect((await client.call('paymentCancelOrder', { orderId: plain.orderId })).status).toBe(200);
  });

  test('once the unpaid order has expired, a new order with the code may be made', async () => {
    const code = `ONCE${idempotencyKey().slice(0, 8).toUpperCase()}`;
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 50, maxUsesPerUser: 1 },
      t.clock.now,
    );
    const { client } = await buyer(t);
    await buy(client, { productId: '1', paymentMethod: 'alipay', promoCode: code });
    t.clock.advance(16 * MS_PER_MINUTE);
    const next = await buy(client, { productId: '1', paymentMethod: 'alipay', promoCode: code });
    expect((await orderRow(next.orderId)).status).toBe('pending');
  });
});

describe('notifies that change nothing', () => {
  test('a wrong signature, another merchant, a wrong amount, an unknown order, a replay', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'wechat' });
    const fields = submitted(order.checkoutUrl);
    const good = gateway.notifyFields(fields);

    const tampered = { ...good, money: '0.01' };
    expect(await gateway.notify(notifyUrl(), tampered)).toEqual({ status: 400, text: 'fail' });
    const otherKey = await startEpayStandin({ key: 'someoneElsesKey0123456789abcdef' });
    try {
      expect(await gateway.notify(notifyUrl(), otherKey.notifyFields(fields))).toEqual({
        status: 400,
        text: 'fail',
      });
    } finally {
      await otherKey.close();
    }
    const otherMerchant = await startEpayStandin({ pid: '2002', key: gateway.env.EPAY_KEY });
    try {
      expect(await gateway.notify(notifyUrl(), otherMerchant.notifyFields(fields))).toEqual({
        status: 400,
        text: 'fail',
      });
    } finally {
      await otherMerchant.close();
    }
    // Signed by the gateway, but for less money than the order: recorded, never credited.
    const cheap = gateway.notifyFields(fields, { money: '1.00' });
    expect(await gateway.notify(notifyUrl(), cheap, 'POST')).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await auditActions(t, 'order', order.orderId)).toContain('order.payment_mismatch');
    // An order this server never made.
    const unknown = gateway.notifyFields({ ...fields, out_trade_no: '20260101AAAAAAAAAAAA' });
    expect(await gateway.notify(notifyUrl(), unknown)).toEqual({ status: 200, text: 'success' });
    // A trade that did not succeed.
    const waiting = gateway.notifyFields(fields, { trade_status: 'WAIT_BUYER_PAY' });
    expect(await gateway.notify(notifyUrl(), waiting)).toEqual({ status: 200, text: 'success' });
    expect((await orderRow(order.orderId)).status).toBe('pending');
    expect((await userRow(t, userId)).standard_expires_at).toBeNull();

    // The real notify credits; a replay of the cheap one afterwards changes nothing.
    expect(await gateway.notify(notifyUrl(), good)).toEqual({ status: 200, text: 'success' });
    expect(await gateway.notify(notifyUrl(), cheap)).toEqual({ status: 200, text: 'success' });
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
  });

  test('a notify for the sandbox or a provider that is not configured is not found', async () => {
    const res = await fetch(`${base}/v4/payment/webhook/sandbox?x=1`);
    expect(res.status).toBe(404);
    const post = await fetch(`${base}/v4/payment/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(404);
  });
});

describe('refunds', () => {
  test('an operator refund is recorded (the money goes back in the gateway’s panel) once', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'alipay' });
    await fetch(order.checkoutUrl ?? '', { method: 'POST', redirect: 'manual' });
    expect(await refundOrder(t.app.services, order.orderId, 'ops:alice', t.clock.now)).toEqual({
      refunded: true,
    });
    expect(await refundOrder(t.app.services, order.orderId, 'ops:alice', t.clock.now)).toEqual({
      refunded: false,
    });
    expect((await orderRow(order.orderId)).status).toBe('refunded');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now);
    // A late notify of the refunded trade does not credit it again.
    const trade = gateway.trades.get(order.orderId);
    expect(await gateway.notify(notifyUrl(), trade?.params ?? {})).toEqual({
      status: 200,
      text: 'success',
    });
    expect((await orderRow(order.orderId)).status).toBe('refunded');
  });
});

describe('currency', () => {
  test('a gateway that charges CNY is not offered for plans priced in USD', async () => {
    const cny = await startTestApp({
      env: {
        ...gateway.env,
        PAYMENT_SANDBOX: 'false',
        JOBS_INTERVAL_SECONDS: '0',
        GROUP_BUY_ENABLED: 'true',
      },
    });
    try {
      const { client, userId } = await buyer(cny);
      const config = await client.signedCall('systemClientConfig', {});
      expect(config.body.data?.paymentMethods).toEqual([]);
      const refused = await client.call('paymentPurchase', {
        productId: '1',
        paymentMethod: 'alipay',
        idempotencyKey: 'cny-0123456789ab',
      });
      expect(refused.body.code).toBe(1308);
      // Nor for a group buy's share.
      const group = await client.call('paymentJointPurchase', {
        productId: '3',
        size: 3,
        paymentType: 0,
        paymentMethod: 'wechat',
        idempotencyKey: 'cny-group-0123456789',
      });
      expect(group.body.code).toBe(1308);
      expect(
        await cny.app.services.db
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', userId)
          .execute(),
      ).toEqual([]);
    } finally {
      await cny.close();
    }
  });
});
