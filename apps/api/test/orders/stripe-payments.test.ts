import { MS_PER_DAY, MS_PER_MINUTE, PromoKind } from '@nimbus/domain';
import { startStripeStandin, type StripeStandin } from '@nimbus/e2e-kit/stripe';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { markKol } from '../../src/inviters/manage-kols.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import { runPaymentJobs } from '../../src/orders/order-jobs.ts';
import { registerWithEmail, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { auditActions, buy, buyer, idempotencyKey, userRow } from '../support/payments.ts';

// Stripe through the real `stripe` SDK, pointed at a local stand-in of Stripe's API (its
// host/port/protocol options); webhooks signed by the SDK's own test-header helper, verified by
// the server's production code.

let stripe: StripeStandin;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandin();
  t = await startTestApp({
    env: {
      ...stripe.env,
      STRIPE_METHODS: 'card,alipay,wechat',
      PAYMENT_SANDBOX: 'false',
      JOBS_INTERVAL_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Delivers a Stripe event to the server as Stripe does (signed now, on the server's clock). */
async function deliver(event: Stripe.Event, options: { signedAt?: number; body?: string } = {}) {
  const signed = stripe.sign(event, options.signedAt ?? t.clock.now);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v4/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: options.body ?? signed.body,
  });
  return {
    status: res.statusCode,
    outcome: (res.json() as { data?: { outcome?: string } }).data?.outcome,
  };
}

const sessionOf = (checkoutUrl: string | null) => {
  const id = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(checkoutUrl ?? '')?.[1];
  const session = id ? stripe.sessions.get(id) : undefined;
  if (!session) throw new Error(`no stand-in session for ${checkoutUrl}`);
  return session;
};

const orderRow = (publicId: string) =>
  t.app.services.db
    .selectFrom('orders')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();

/** A card purchase paid on Stripe, its completion event delivered. */
async function paidOrder(client: Client, productId = '1') {
  const order = await buy(client, { productId, paymentMethod: 'card' });
  const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
  if (!completed) throw new Error('no event');
  expect(await deliver(completed)).toEqual({ status: 200, outcome: 'applied' });
  const row = await orderRow(order.orderId);
  return { order, row, intent: row.payment_ref ?? '' };
}

describe('checkout', () => {
  test('a card purchase opens a Checkout Session priced from the plans table, once per order', async () => {
    const { client } = await buyer(t);
    const key = idempotencyKey();
    const before = stripe.requests.length;
    const order = await buy(client, { productId: '2', paymentMethod: 'card', idempotencyKey: key });
    expect(order.status).toBe('pending');
    expect(order.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const created = stripe.requests.slice(before);
    expect(created).toHaveLength(1);
    const [request] = created;
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.idempotencyKey).toBe(`nimbus-checkout-${order.orderId}`);
    expect(request?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: order.orderId,
      metadata: { orderId: order.orderId },
      payment_intent_data: { metadata: { orderId: order.orderId } },
      allowed_payment_method_types: { 0: 'card' },
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '3299' } } },
      success_url: `${t.config.publicUrl}/purchased?orderId=${order.orderId}`,
      cancel_url: `${t.config.publicUrl}/pricing`,
      locale: 'en',
    });
    // A retry of the same purchase (a double click) is the same order and the same session.
    const again = await buy(client, { productId: '2', paymentMethod: 'card', idempotencyKey: key });
    expect(again).toEqual(order);
    expect(stripe.requests.length).toBe(before + 1);
  });

  test('Alipay and WeChat Pay sessions offer that method only', async () => {
    const { client } = await buyer(t);
    const alipay = await buy(client, { paymentMethod: 'alipay' });
    expect(sessionOf(alipay.checkoutUrl).payment_method_types).toEqual(['alipay']);
    const wechat = await buy(client, { paymentMethod: 'wechat' });
    expect(sessionOf(wechat.checkoutUrl).payment_method_types).toEqual(['wechat_pay']);
    expect(stripe.requests.at(-1)?.form).toMatchObject({
      payment_method_options: { wechat_pay: { client: 'web' } },
    });
  });

  test('methods Stripe does not take, or that nobody configured, are refused', async () => {
    const { client } = await buyer(t);
    const paypal = await client.call('paymentPurchase', {
      productId: '1',
      paymentMethod: 'paypal',
      idempotencyKey: idempotencyKey(),
    });
    expect(paypal.body.code).toBe(1308);
    const config = await client.signedCall('systemClientConfig', {});
    expect(config.body.data?.paymentMethods).toEqual(['card', 'alipay', 'wechat']);
    // A test-mode key moves no money: the pricing page says so beside each method.
    expect(config.body.data?.testModeMethods).toEqual(['card', 'alipay', 'wechat']);
  });
});

describe('promo codes', () => {
  test('a promo order holds its use while its Checkout Session takes the payment', async () => {
    const code = `STRIPE${idempotencyKey().slice(0, 6).toUpperCase()}`;
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 20, maxUses: 1 },
      t.clock.now,
    );
    const first = await buyer(t);
    const order = await buy(first.client, { paymentMethod: 'card', promoCode: code });
    const session = sessionOf(order.checkoutUrl);
    // Stripe keeps a session open 30 minutes at least, past the 15-minute checkout window: the
    // order (and its use) lasts as long. Before, a second buyer got the use after 15 minutes
    // while the first could still pay: the code was used twice.
    expect((await orderRow(order.orderId)).expires_at).toBe(session.expires_at * 1000);
    t.clock.advance(20 * MS_PER_MINUTE);
    const second = await buyer(t);
    const refused = await second.client.call('paymentPurchase', {
      productId: '1',
      paymentMethod: 'card',
      promoCode: code,
      idempotencyKey: idempotencyKey(),
    });
    expect(refused.body.status).toBe('PromoCodeUsedUp');
    const [completed] = stripe.pay(session.id);
    if (!completed) throw new Error('no event');
    expect(await deliver(completed)).toEqual({ status: 200, outcome: 'applied' });
    expect(await auditActions(t, 'order', order.orderId)).toEqual(['order.created', 'order.paid']);
  });

  test('a replaced or cancelled order’s session is closed: a once-per-user code is paid once', async () => {
    const code = `ONCE${idempotencyKey().slice(0, 6).toUpperCase()}`;
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 50, maxUsesPerUser: 1 },
      t.clock.now,
    );
    const { client } = await buyer(t);
    const replaced = await buy(client, { paymentMethod: 'card', promoCode: code });
    const kept = await buy(client, { paymentMethod: 'card', promoCode: code });
    // Before, both sessions stayed open: the buyer paid both at half price.
    expect(sessionOf(replaced.checkoutUrl).status).toBe('expired');
    expect(() => stripe.pay(sessionOf(replaced.checkoutUrl).id)).toThrow(/not open/);
    const [completed] = stripe.pay(sessionOf(kept.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    expect(await deliver(completed)).toEqual({ status: 200, outcome: 'applied' });

    const other = await buyer(t);
    const cancelled = await buy(other.client, { paymentMethod: 'card', promoCode: code });
    await other.client.ok('paymentCancelOrder', { orderId: cancelled.orderId });
    expect(sessionOf(cancelled.checkoutUrl).status).toBe('expired');
    // Closing a session that is not open any more is no error: the payment's event comes.
    const paidFirst = await buy(other.client, { paymentMethod: 'card', promoCode: code });
    const [early] = stripe.pay(sessionOf(paidFirst.checkoutUrl).id);
    if (!early) throw new Error('no event');
    expect(
      (await other.client.call('paymentCancelOrder', { orderId: paidFirst.orderId })).body.code,
    ).toBe(200);
    expect(await deliver(early)).toEqual({ status: 200, outcome: 'applied' });
    expect((await orderRow(paidFirst.orderId)).status).toBe('paid');
  });
});

describe('webhooks', () => {
  test('checkout.session.completed credits the membership once, however often it arrives', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    const outcomes = await Promise.all([
      deliver(completed),
      deliver(completed),
      deliver(completed),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.payment_ref).toMatch(/^pi_/);
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    expect(await auditActions(t, 'order', order.orderId)).toEqual(['order.created', 'order.paid']);
    expect(
      (await auditActions(t, 'user', userId)).filter((a) => a === 'membership.credited'),
    ).toHaveLength(1);
  });

  test('an Alipay payment confirmed later: completed unpaid changes nothing, async_payment_succeeded credits', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '5', paymentMethod: 'alipay' });
    const [completed, succeeded] = stripe.pay(sessionOf(order.checkoutUrl).id, { async: true });
    if (!completed || !succeeded) throw new Error('no events');
    expect(await deliver(completed)).toEqual({ status: 200, outcome: 'ignored' });
    expect((await orderRow(order.orderId)).status).toBe('pending');
    expect(await deliver(succeeded)).toEqual({ status: 200, outcome: 'applied' });
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect((await userRow(t, userId)).lite_expires_at).not.toBeNull();
  });

  test('async_payment_failed fails the order; a late duplicate of it changes nothing', async () => {
    const { client } = await buyer(t);
    const order = await buy(client, { paymentMethod: 'wechat' });
    const [, failed] = stripe.pay(sessionOf(order.checkoutUrl).id, { async: true, fail: true });
    if (!failed) throw new Error('no event');
    expect(await deliver(failed)).toEqual({ status: 200, outcome: 'applied' });
    expect((await orderRow(order.orderId)).status).toBe('failed');
    expect(await deliver(failed)).toEqual({ status: 200, outcome: 'duplicate' });
  });

  test('a wrong signature, another secret, an old timestamp or a changed body are refused and change nothing', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    const signed = stripe.sign(completed, t.clock.now);
    const post = (signature: string, payload = signed.body) =>
      t.app.inject({
        method: 'POST',
        url: '/v4/payment/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const other = await startStripeStandin({ webhookSecret: 'whsec_someoneElse0123456789' });
    try {
      for (const res of [
        await post(signed.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000')),
        await post(other.sign(completed, t.clock.now).signature),
        await post(stripe.sign(completed, t.clock.now - 6 * MS_PER_MINUTE).signature),
        // The SDK checks only the age: a signature from the future is refused by us.
        await post(stripe.sign(completed, t.clock.now + 2 * MS_PER_MINUTE).signature),
        await post(stripe.sign(completed, t.clock.now + 365 * 24 * 60 * MS_PER_MINUTE).signature),
        await post(signed.signature, signed.body.replace('"paid"', '"paid" ')),
        await post(''),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 1001 });
      }
    } finally {
      await other.close();
    }
    expect((await orderRow(order.orderId)).status).toBe('pending');
    expect((await userRow(t, userId)).standard_expires_at).toBeNull();
  });

  test('a signature up to a minute ahead of our clock (skew) is accepted', async () => {
    const { client } = await buyer(t);
    const order = await buy(client, { paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    expect(await deliver(completed, { signedAt: t.clock.now + 55_000 })).toEqual({
      status: 200,
      outcome: 'applied',
    });
  });

  test('a paid amount other than the order’s is recorded and credits nothing', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    const session = completed.data.object as Stripe.Checkout.Session;
    const cheap = { ...completed, data: { object: { ...session, amount_total: 100 } } };
    expect(await deliver(cheap as Stripe.Event)).toEqual({
      status: 200,
      outcome: 'amount_mismatch',
    });
    expect((await orderRow(order.orderId)).status).toBe('pending');
    expect((await userRow(t, userId)).standard_expires_at).toBeNull();
    expect(await auditActions(t, 'order', order.orderId)).toContain('order.payment_mismatch');
  });

  test('an event of a session this server did not make, or of an unknown order, changes nothing', async () => {
    const { client } = await buyer(t);
    const order = await buy(client, { paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    const session = completed.data.object as Stripe.Checkout.Session;
    const foreign = {
      ...completed,
      id: 'evt_foreign0001',
      data: { object: { ...session, metadata: {}, client_reference_id: null } },
    };
    expect(await deliver(foreign as Stripe.Event)).toEqual({ status: 200, outcome: 'ignored' });
    const unknown = {
      ...completed,
      id: 'evt_unknown0001',
      data: {
        object: {
          ...session,
          metadata: { orderId: '20260101AAAAAAAAAAAA' },
          client_reference_id: '20260101AAAAAAAAAAAA',
        },
      },
    };
    expect(await deliver(unknown as Stripe.Event)).toEqual({
      status: 200,
      outcome: 'unknown_order',
    });
    expect((await orderRow(order.orderId)).status).toBe('pending');
  });
});

describe('refunds and disputes', () => {
  test('an operator refund goes through the Refunds API for the amount paid; the refund webhook after it does nothing twice', async () => {
    const { client, userId } = await buyer(t);
    const { order, intent } = await paidOrder(client, '2');
    const before = stripe.requests.length;
    expect(await refundOrder(t.app.services, order.orderId, 'ops:alice', t.clock.now)).toEqual({
      refunded: true,
    });
    const [request] = stripe.requests.slice(before);
    expect(request?.path).toBe('/v1/refunds');
    expect(request?.form).toMatchObject({ payment_intent: intent, amount: '3299' });
    expect(request?.idempotencyKey).toBe(`nimbus-refund-${order.orderId}`);
    expect((await orderRow(order.orderId)).status).toBe('refunded');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now);

    // Stripe then reports the refund: nothing more happens.
    const refunded = stripe.refundInDashboard(intent, 0);
    expect(await deliver(refunded)).toEqual({ status: 200, outcome: 'no_change' });
    // A second operator refund calls nobody and changes nothing.
    expect(await refundOrder(t.app.services, order.orderId, 'ops:alice', t.clock.now)).toEqual({
      refunded: false,
    });
    expect(stripe.requests.length).toBe(before + 1);
    expect(
      (await auditActions(t, 'order', order.orderId)).filter((a) => a === 'order.refunded'),
    ).toHaveLength(1);
  });

  test('a refund made in the dashboard takes the membership back; a partial one keeps it', async () => {
    const { client, userId } = await buyer(t);
    const partial = await paidOrder(client, '1');
    expect(await deliver(stripe.refundInDashboard(partial.intent, 500))).toEqual({
      status: 200,
      outcome: 'ignored',
    });
    expect((await orderRow(partial.order.orderId)).status).toBe('paid');
    const full = await paidOrder(client, '1');
    const expiry = (await userRow(t, userId)).standard_expires_at ?? 0;
    expect(await deliver(stripe.refundInDashboard(full.intent))).toEqual({
      status: 200,
      outcome: 'applied',
    });
    expect((await orderRow(full.order.orderId)).status).toBe('refunded');
    expect((await userRow(t, userId)).standard_expires_at).toBe(expiry - 30 * MS_PER_DAY);
  });

  test('a dispute takes the membership back like a refund and claws back the KOL commission', async () => {
    const kol = new Client(t.app);
    const { userId: kolId } = await registerWithUsername(kol);
    await markKol(t.app.services.db, t.app.services.dialect, Number(kolId), 30, {
      actor: 'ops:test',
      now: t.clock.now,
    });
    const { invite_code: inviteCode } = await t.app.services.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', Number(kolId))
      .executeTakeFirstOrThrow();
    // A friend with a verified e-mail gets the invited trial; the purchase adds to it.
    const client = new Client(t.app);
    const userId = Number((await registerWithEmail(client, { inviteCode })).userId);
    const trialEnd = (await userRow(t, userId)).standard_expires_at;
    expect(trialEnd).toBeGreaterThan(t.clock.now);
    const { order, intent, row } = await paidOrder(client, '2');
    const commissions = () =>
      t.app.services.db
        .selectFrom('kol_commissions')
        .selectAll()
        .where('order_id', '=', row.id)
        .execute();
    expect(await commissions()).toHaveLength(1);

    const dispute = stripe.dispute(intent);
    expect(await deliver(dispute)).toEqual({ status: 200, outcome: 'applied' });
    expect(await deliver(dispute)).toEqual({ status: 200, outcome: 'duplicate' });
    expect((await orderRow(order.orderId)).status).toBe('refunded');
    expect((await userRow(t, userId)).standard_expires_at).toBe(trialEnd);
    expect(await auditActions(t, 'order', order.orderId)).toEqual(
      expect.arrayContaining(['order.disputed', 'order.refunded']),
    );
    expect((await commissions()).map((c) => c.state)).toEqual(['clawed_back']);
    expect(
      (await auditActions(t, 'user', Number(kolId))).filter((a) => a.startsWith('kol.commission')),
    ).toEqual(['kol.commission_recorded', 'kol.commission_clawed_back']);
    // An operator refund afterwards has nothing left to return.
    expect(await refundOrder(t.app.services, order.orderId, 'ops:alice', t.clock.now)).toEqual({
      refunded: false,
    });
  });

  test('a refund that arrives before its payment is sent again later, then applies once', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    const intent = (completed.data.object as Stripe.Checkout.Session).payment_intent as string;
    const refunded = stripe.refundInDashboard(intent);
    expect(await deliver(refunded)).toEqual({ status: 503, outcome: undefined });
    expect((await orderRow(order.orderId)).status).toBe('pending');
    expect(await deliver(completed)).toEqual({ status: 200, outcome: 'applied' });
    expect(await deliver(refunded)).toEqual({ status: 200, outcome: 'applied' });
    expect(await deliver(completed)).toEqual({ status: 200, outcome: 'duplicate' });
    expect((await orderRow(order.orderId)).status).toBe('refunded');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now);
  });
});

describe('reconciliation', () => {
  test('a payment whose webhook never came is found by the jobs and credited once', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'card' });
    const [completed] = stripe.pay(sessionOf(order.checkoutUrl).id);
    if (!completed) throw new Error('no event');
    // Too early: the webhook may still be on its way.
    await runPaymentJobs(t.app.services, t.clock.now);
    expect((await orderRow(order.orderId)).status).toBe('pending');
    t.clock.advance(6 * MS_PER_MINUTE);
    expect((await runPaymentJobs(t.app.services, t.clock.now)).confirmed).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.payment_ref).toBe((completed.data.object as Stripe.Checkout.Session).payment_intent);
    // The late webhook then changes nothing.
    expect(await deliver(completed)).toEqual({ status: 200, outcome: 'no_change' });
    expect((await userRow(t, userId)).standard_expires_at).toBe(
      (row.paid_at ?? 0) + 30 * MS_PER_DAY,
    );
  });

  test('an unpaid checkout is asked about once per interval, not at every run', async () => {
    const { client } = await buyer(t);
    const order = await buy(client, { productId: '1', paymentMethod: 'card' });
    const session = sessionOf(order.checkoutUrl);
    const retrievals = () =>
      stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${session.id}`).length;
    t.clock.advance(6 * MS_PER_MINUTE);
    await runPaymentJobs(t.app.services, t.clock.now);
    expect(retrievals()).toBe(1);
    t.clock.advance(MS_PER_MINUTE);
    await runPaymentJobs(t.app.services, t.clock.now);
    expect(retrievals()).toBe(1);
    t.clock.advance(5 * MS_PER_MINUTE);
    stripe.pay(session.id);
    await runPaymentJobs(t.app.services, t.clock.now);
    expect(retrievals()).toBe(2);
    expect((await orderRow(order.orderId)).status).toBe('paid');
  });
});
