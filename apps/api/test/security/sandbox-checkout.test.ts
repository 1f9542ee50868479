import { OrderStatus } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buy, buyer, pathOf, pressOnCheckout, userRow } from '../support/payments.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databaseFingerprint } from './fixtures.ts';

/**
 * Issue 15, item 7: anyone who knew an order id could fail someone else's sandbox order by
 * posting `outcome=fail` to /pay/sandbox/<orderId>. The checkout page now needs the order's
 * checkout key, which only the buyer's checkout URL carries: a post without it, or with
 * another order's, changes nothing and shows nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, outcome: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: `outcome=${outcome}`,
  });

describe('the sandbox checkout page', () => {
  test('a forged Fail or Pay without the buyer key changes nothing', async () => {
    const victim = await buyer(t);
    const order = await buy(victim.client);
    const other = await buy((await buyer(t)).client);
    const otherKey = new URL(other.checkoutUrl ?? '').searchParams.get('key') ?? '';
    const before = await databaseFingerprint(t.app);

    const forged = [
      `/pay/sandbox/${order.orderId}`,
      `/pay/sandbox/${order.orderId}?key=`,
      `/pay/sandbox/${order.orderId}?key=${'A'.repeat(22)}`,
      `/pay/sandbox/${order.orderId}?key=${otherKey}`,
    ];
    for (const url of forged) {
      for (const outcome of ['fail', 'pay']) {
        const answer = await post(url, outcome);
        expect(answer.statusCode, `${outcome} at ${url}`).toBe(404);
        expect(answer.body).toContain('Order not found.');
      }
      // Nor does the page show the order to someone without the key.
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('$');
    }
    expect(await databaseFingerprint(t.app)).toEqual(before);
    expect((await victim.client.ok('paymentOrderStatus', { orderId: order.orderId })).status).toBe(
      OrderStatus.PENDING,
    );

    // The buyer's own link still works, and its form carries the key.
    const page = await t.app.inject({ method: 'GET', url: pathOf(order.checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="${pathOf(order.checkoutUrl)}"`);
    expect((await pressOnCheckout(t, order.checkoutUrl, 'pay')).statusCode).toBe(303);
    expect((await userRow(t, victim.userId)).standard_expires_at).toBeGreaterThan(t.clock.now);
  });
});
