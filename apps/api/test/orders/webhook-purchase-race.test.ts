import { OrderStatus, PromoKind } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import { buy, buyer, idempotencyKey, signedWebhook, userRow } from '../support/payments.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A provider's word that order A was paid racing the same buyer's new purchase with A's promo
 * code, which replaces (expires) A. The webhook and the purchase take the buyer's row, order A
 * and the code's row: in one order (docs/architecture.md, "Row locks"), or on PostgreSQL one
 * of them is aborted as a deadlock (40P01) and answered 500.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

const ROUNDS = 12;

describe('a webhook for an order racing a purchase that replaces it', () => {
  test('both complete, the payment is credited once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const text = `RACE${round}${idempotencyKey().slice(0, 6).toUpperCase()}`;
      await createPromoCode(
        t.app.services.db,
        { code: text, kind: PromoKind.PERCENT, value: 20 },
        t.clock.now,
      );
      const { client, userId } = await buyer(t);
      const first = await buy(client, { promoCode: text });
      const [paid, bought] = await Promise.all([
        t.app.inject(
          signedWebhook(t, {
            type: 'paid',
            orderId: first.orderId,
            amountMinor: first.amount.amountMinor,
            currency: first.amount.currency,
          }),
        ),
        client.call('paymentPurchase', {
          productId: '1',
          paymentMethod: 'card',
          promoCode: text,
          idempotencyKey: idempotencyKey(),
        }),
      ]);
      expect(paid.statusCode).toBe(200);
      expect(bought.body.status).toBe('OK');
      // A payment is never refused: order A is paid whether the purchase replaced it first or not.
      const status = await client.ok('paymentOrderStatus', { orderId: first.orderId });
      expect(status.status).toBe(OrderStatus.PAID);
      const buyerRow = await userRow(t, userId);
      expect(Number(buyerRow.paid_orders)).toBe(1);
      const credits = await t.app.services.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'order.paid')
        .where('subject_id', '=', first.orderId)
        .execute();
      expect(credits).toHaveLength(1);
    }
  });
});
