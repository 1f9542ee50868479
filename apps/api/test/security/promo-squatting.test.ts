import { MS_PER_MINUTE, OrderStatus, PromoKind } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import { buy, buyer, idempotencyKey, pathOf, pressOnCheckout } from '../support/payments.ts';
import type { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 15, item 3: one account created five unpaid purchases with a 5-use promo code, and
 * every other user got PromoCodeUsedUp for the 60 minutes of order expiry, renewable forever.
 * Now a user holds one unpaid reservation per code (a new order replaces the earlier unpaid one),
 * and an unpaid reservation is released after the checkout window (PROMO_HOLD_MINUTES, setting
 * payments.promoHoldMinutes, 20 minutes here), when its order expires too.
 */

const HOLD_MINUTES = 20;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PROMO_HOLD_MINUTES: String(HOLD_MINUTES) } });
});
afterAll(() => t.close());

let codes = 0;
async function limitedCode(maxUses: number): Promise<string> {
  const code = `SQUAT${++codes}${idempotencyKey().slice(0, 6).toUpperCase()}`;
  await createPromoCode(
    t.app.services.db,
    { code, kind: PromoKind.PERCENT, value: 20, maxUses },
    t.clock.now,
  );
  return code;
}
const fiveUseCode = () => limitedCode(5);

/** An operator changes the checkout window while orders are open (the run-time setting). */
const setHoldMinutes = (minutes: number) =>
  t.app.services.settings.set('payments.promoHoldMinutes', minutes, {
    actor: 'system',
    now: t.clock.now,
  });

const purchase = (client: Client, promoCode: string) =>
  client.call('paymentPurchase', {
    productId: '1',
    paymentMethod: 'card',
    promoCode,
    idempotencyKey: idempotencyKey(),
  });

const statusOf = async (client: Client, orderId: string) =>
  (await client.ok('paymentOrderStatus', { orderId })).status;

describe('promo code squatting', () => {
  test('five unpaid orders of one account hold one use: everyone else can still buy', async () => {
    const code = await fiveUseCode();
    const squatter = await buyer(t);
    const squatted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await purchase(squatter.client, code);
      expect(answer.body.status).toBe('OK');
      squatted.push((answer.body.data as { orderId: string }).orderId);
    }
    // Each new order replaced the previous unpaid one.
    for (const orderId of squatted.slice(0, -1))
      expect(await statusOf(squatter.client, orderId)).toBe(OrderStatus.EXPIRED);
    expect(await statusOf(squatter.client, squatted.at(-1) ?? '')).toBe(OrderStatus.PENDING);

    // Four others take the other four uses; the limit itself still holds.
    for (let i = 0; i < 4; i++)
      expect((await purchase((await buyer(t)).client, code)).body.status).toBe('OK');
    expect((await purchase((await buyer(t)).client, code)).body.status).toBe('PromoCodeUsedUp');
  });

  test('an unpaid reservation is released when the checkout window ends, job or not', async () => {
    const code = await fiveUseCode();
    const holders = await Promise.all(Array.from({ length: 5 }, () => buyer(t)));
    const orders = [];
    for (const h of holders) orders.push(await buy(h.client, { promoCode: code }));
    // One of them pays: that use counts for good.
    expect((await pressOnCheckout(t, orders[0]?.checkoutUrl ?? null, 'pay')).statusCode).toBe(303);
    const late = await buyer(t);
    expect((await purchase(late.client, code)).body.status).toBe('PromoCodeUsedUp');

    t.clock.advance((HOLD_MINUTES - 1) * MS_PER_MINUTE);
    expect((await purchase(late.client, code)).body.status).toBe('PromoCodeUsedUp');
    t.clock.advance(MS_PER_MINUTE);
    // No expiry job ran: the window alone releases the four unpaid uses.
    for (let i = 0; i < 4; i++)
      expect((await purchase((await buyer(t)).client, code)).body.status).toBe('OK');
    expect((await purchase(late.client, code)).body.status).toBe('PromoCodeUsedUp');
    // The lapsed orders cannot be paid at the discount any more: they expired with the window.
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(orders[1]?.checkoutUrl ?? null),
      headers: { 'accept-language': 'en' },
    });
    expect(page.body).toContain('This order can no longer be paid');
  });

  test('a shortened window frees no use an open order can still be paid with', async () => {
    const code = await limitedCode(1);
    const first = await buy((await buyer(t)).client, { promoCode: code });
    await setHoldMinutes(5);
    try {
      t.clock.advance(6 * MS_PER_MINUTE);
      // The first order keeps the window it was made with (20 minutes): it can still be paid,
      // so its use is not anybody else's. Before, the second buyer got it and both paid.
      const second = await purchase((await buyer(t)).client, code);
      expect(second.body.status).toBe('PromoCodeUsedUp');
      expect((await pressOnCheckout(t, first.checkoutUrl, 'pay')).statusCode).toBe(303);
      const paid = await t.app.services.db
        .selectFrom('orders')
        .innerJoin('promo_codes', 'promo_codes.id', 'orders.promo_code_id')
        .select('orders.id')
        .where('promo_codes.code', '=', code)
        .where('orders.status', '=', OrderStatus.PAID)
        .execute();
      expect(paid).toHaveLength(1);
    } finally {
      await setHoldMinutes(HOLD_MINUTES);
    }
  });

  test('a lengthened window holds no use an order can no longer be paid with', async () => {
    const code = await limitedCode(1);
    const first = await buy((await buyer(t)).client, { promoCode: code });
    await setHoldMinutes(60);
    try {
      t.clock.advance(HOLD_MINUTES * MS_PER_MINUTE);
      // The first order expired with its own 20 minutes (no expiry job ran): its use is free.
      expect((await purchase((await buyer(t)).client, code)).body.status).toBe('OK');
      expect((await pressOnCheckout(t, first.checkoutUrl, 'pay')).statusCode).toBe(409);
    } finally {
      await setHoldMinutes(HOLD_MINUTES);
    }
  });
});
