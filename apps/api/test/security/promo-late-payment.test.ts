import { MS_PER_MINUTE, OrderStatus, PromoKind } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPromoCode, listPromoCodes } from '../../src/orders/promo-codes.ts';
import {
  buy,
  buyer,
  idempotencyKey,
  pressOnCheckout,
  signedWebhook,
  userRow,
} from '../support/payments.ts';
import type { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A payment is never refused for its promo code: it arrives when the buyer paid the provider, and
 * the order completes at the price paid. One that arrives after its order's reservation ended
 * (the window passed, or the order was replaced or cancelled) holds the use again even when
 * others took the code meanwhile: the only way a code goes past its limit, and each such use is
 * recorded (`promo.over_limit` in the audit log) for the operators.
 */

const HOLD_MINUTES = 20;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { PROMO_HOLD_MINUTES: String(HOLD_MINUTES), JOBS_INTERVAL_SECONDS: '0' },
  });
});
afterAll(() => t.close());

let codes = 0;
async function code(limits: { maxUses?: number; maxUsesPerUser?: number }) {
  const text = `LATE${++codes}${idempotencyKey().slice(0, 6).toUpperCase()}`;
  const id = await createPromoCode(
    t.app.services.db,
    { code: text, kind: PromoKind.PERCENT, value: 20, ...limits },
    t.clock.now,
  );
  return { text, id };
}

const purchase = (client: Client, promoCode: string) =>
  client.call('paymentPurchase', {
    productId: '1',
    paymentMethod: 'card',
    promoCode,
    idempotencyKey: idempotencyKey(),
  });

/** The provider's word that an order was paid, arriving now. */
const providerSaysPaid = (order: {
  orderId: string;
  amount: { amountMinor: number; currency: string };
}) =>
  t.app.inject(
    signedWebhook(t, {
      type: 'paid',
      orderId: order.orderId,
      amountMinor: order.amount.amountMinor,
      currency: order.amount.currency,
    }),
  );

const statusOf = async (client: Client, orderId: string) =>
  (await client.ok('paymentOrderStatus', { orderId })).status;

const usesOf = async (promoId: number) =>
  (await listPromoCodes(t.app.services.db)).find((p) => p.row.id === promoId)?.uses;

async function overLimitRecords(promoId: number) {
  const rows = await t.app.services.db
    .selectFrom('audit_log')
    .select('data')
    .where('action', '=', 'promo.over_limit')
    .where('subject_type', '=', 'promo_code')
    .where('subject_id', '=', String(promoId))
    .execute();
  return rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
}

describe('a payment that arrives after its promo reservation ended', () => {
  test('is kept at its price after the window; the use past the limit is recorded', async () => {
    const promo = await code({ maxUses: 1 });
    const first = await buyer(t);
    const late = await buy(first.client, { promoCode: promo.text });
    expect(late.amount.amountMinor).toBe(1040);
    t.clock.advance(HOLD_MINUTES * MS_PER_MINUTE);
    // The window passed (no expiry job ran): the use is free again, and another buyer pays.
    const second = await buyer(t);
    const taken = await buy(second.client, { promoCode: promo.text });
    expect((await pressOnCheckout(t, taken.checkoutUrl, 'pay')).statusCode).toBe(303);
    expect(await overLimitRecords(promo.id)).toEqual([]);

    // The first buyer had paid the provider in time; its word arrives now.
    expect((await providerSaysPaid(late)).statusCode).toBe(200);
    expect(await statusOf(first.client, late.orderId)).toBe(OrderStatus.PAID);
    expect(Number((await userRow(t, first.userId)).standard_expires_at)).toBeGreaterThan(
      t.clock.now,
    );
    expect(await usesOf(promo.id)).toBe(2);
    expect(await overLimitRecords(promo.id)).toEqual([
      expect.objectContaining({
        code: promo.text,
        orderId: late.orderId,
        uses: 2,
        maxUses: 1,
      }),
    ]);
    // Nobody else gets it; a repeated word changes nothing.
    expect((await purchase((await buyer(t)).client, promo.text)).body.status).toBe(
      'PromoCodeUsedUp',
    );
    expect((await providerSaysPaid(late)).statusCode).toBe(200);
    expect(await overLimitRecords(promo.id)).toHaveLength(1);
  });

  test('a replaced order paid after all: both payments kept, the second use recorded', async () => {
    const promo = await code({ maxUsesPerUser: 1 });
    const { client, userId } = await buyer(t);
    const replaced = await buy(client, { promoCode: promo.text });
    const kept = await buy(client, { promoCode: promo.text });
    expect(await statusOf(client, replaced.orderId)).toBe(OrderStatus.EXPIRED);
    expect((await pressOnCheckout(t, kept.checkoutUrl, 'pay')).statusCode).toBe(303);
    // Both checkouts were open at the provider: the buyer paid the first one too.
    expect((await providerSaysPaid(replaced)).statusCode).toBe(200);
    expect(await statusOf(client, replaced.orderId)).toBe(OrderStatus.PAID);
    expect(await overLimitRecords(promo.id)).toEqual([
      expect.objectContaining({
        orderId: replaced.orderId,
        userId,
        userUses: 2,
        maxUsesPerUser: 1,
      }),
    ]);
  });

  test('a payment in its window records nothing, with the code at its limit', async () => {
    const promo = await code({ maxUses: 1 });
    const { client } = await buyer(t);
    const order = await buy(client, { promoCode: promo.text });
    expect((await providerSaysPaid(order)).statusCode).toBe(200);
    expect(await usesOf(promo.id)).toBe(1);
    expect(await overLimitRecords(promo.id)).toEqual([]);
  });

  test('racing a new purchase, the code goes past its limit only recorded', async () => {
    for (let round = 0; round < 4; round++) {
      const promo = await code({ maxUses: 1 });
      const late = await buy((await buyer(t)).client, { promoCode: promo.text });
      t.clock.advance(HOLD_MINUTES * MS_PER_MINUTE);
      const other = await buyer(t);
      const [paid, bought] = await Promise.all([
        providerSaysPaid(late),
        purchase(other.client, promo.text),
      ]);
      expect(paid.statusCode).toBe(200);
      expect(['OK', 'PromoCodeUsedUp']).toContain(bought.body.status);
      const uses = await usesOf(promo.id);
      expect(uses).toBe(bought.body.status === 'OK' ? 2 : 1);
      expect(await overLimitRecords(promo.id)).toHaveLength(uses === 2 ? 1 : 0);
    }
  });
});
