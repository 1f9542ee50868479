import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runPaymentOps, UsageError } from '../../src/ops/payment-commands.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { auditActions, buy, buyer, pressOnCheckout } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ops = (command: 'refund' | 'promo-create' | 'redeem-create', ...args: string[]) =>
  runPaymentOps(command, args, t.app.services, t.clock.now);

describe('operator commands', () => {
  test('promo-create makes a code the shop accepts', async () => {
    expect(
      await ops('promo-create', '--code=spring25', '--percent=25', '--per-user=1', '--plans=3,4'),
    ).toMatchObject({ code: 'SPRING25' });
    const { client } = await buyer(t);
    expect(
      (await client.ok('paymentCoupon', { code: 'SPRING25', productId: '3' })).priceMinor,
    ).toBe(7500);
    expect(
      (await client.call('paymentCoupon', { code: 'SPRING25', productId: '1' })).body.status,
    ).toBe('PromoCodeNotApplicable');
    await ops('promo-create', '--code=FIVEOFF', '--amount=500', '--currency=usd');
    expect(
      (await client.ok('paymentCoupon', { code: 'fiveoff', productId: '1' })).discountMinor,
    ).toBe(500);
  });

  test('redeem-create makes codes users can redeem', async () => {
    const { codes } = (await ops('redeem-create', '--type=lite', '--days=14', '--count=2')) as {
      codes: string[];
    };
    expect(codes).toHaveLength(2);
    const { client } = await buyer(t);
    expect((await client.ok('systemRedeemCode', { code: codes[0] ?? '' })).grantedSeconds).toBe(
      14 * 86_400,
    );
  });

  test('refund returns a paid order, recorded with the operator', async () => {
    const { client } = await buyer(t);
    const order = await buy(client);
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    expect(await ops('refund', `--order=${order.orderId}`, '--by=alice')).toEqual({
      orderId: order.orderId,
      refunded: true,
    });
    expect(await auditActions(t, 'order', order.orderId)).toContain('order.refunded');
    const row = await t.app.services.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'order.refunded')
      .where('subject_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.actor).toBe('ops:alice');
  });

  test.each([
    ['refund', ['--order=X']],
    ['refund', ['--order=20260101AAAAAAAAAAAA', '--by=alice']],
    ['promo-create', ['--code=X']],
    ['promo-create', ['--code=X', '--percent=120']],
    ['redeem-create', ['--type=gold', '--days=3']],
    ['redeem-create', ['--type=lite', '--days=0']],
  ] as const)('%s %o is a usage error', async (command, args) => {
    await expect(ops(command, ...args)).rejects.toBeInstanceOf(UsageError);
  });
});
