import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand, type ServicesCommandName } from '../../src/ops/commands.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { auditActions, buy, buyer, pressOnCheckout } from '../support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// The orders module's operator commands, in the one command table (`pnpm ops help`).
const ops = (name: ServicesCommandName, ...args: string[]) =>
  runOpsCommand(name, [...args, '--json'], t.app.services, t.clock.now, 'ops:alice');
const okJson = async (name: ServicesCommandName, ...args: string[]) => {
  const outcome = await ops(name, ...args);
  expect(outcome.stderr).toBe('');
  return JSON.parse(outcome.stdout) as Record<string, unknown>;
};

describe('operator commands', () => {
  test('coupons create makes a code the shop accepts', async () => {
    expect(
      await okJson(
        'coupons',
        'create',
        '--code=spring25',
        '--percent=25',
        '--per-user=1',
        '--plans=3,4',
      ),
    ).toMatchObject({ code: 'SPRING25' });
    const { client } = await buyer(t);
    expect(
      (await client.ok('paymentCoupon', { code: 'SPRING25', productId: '3' })).priceMinor,
    ).toBe(7500);
    expect(
      (await client.call('paymentCoupon', { code: 'SPRING25', productId: '1' })).body.status,
    ).toBe('PromoCodeNotApplicable');
    await okJson('coupons', 'create', '--code=FIVEOFF', '--amount=5.00', '--currency=usd');
    expect(
      (await client.ok('paymentCoupon', { code: 'fiveoff', productId: '1' })).discountMinor,
    ).toBe(500);
  });

  test('redeem create makes codes users can redeem', async () => {
    const { codes } = (await okJson(
      'redeem',
      'create',
      '--type=lite',
      '--days=14',
      '--count=2',
    )) as { codes: string[] };
    expect(codes).toHaveLength(2);
    const { client } = await buyer(t);
    expect((await client.ok('systemRedeemCode', { code: codes[0] ?? '' })).grantedSeconds).toBe(
      14 * 86_400,
    );
  });

  test('orders refund returns a paid order, recorded with the operator', async () => {
    const { client } = await buyer(t);
    const order = await buy(client);
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    expect(await okJson('orders', 'refund', order.orderId)).toMatchObject({
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
    ['orders', ['refund']],
    ['coupons', ['create', '--code=X']],
    ['coupons', ['create', '--code=X', '--percent=120']],
    ['redeem', ['create', '--type=gold', '--days=3']],
    ['redeem', ['create', '--type=lite', '--days=0']],
  ] as const)('%s %o is a usage error', async (name, args) => {
    expect((await ops(name, ...args)).exitCode).toBe(2);
  });

  test('an unknown order is refused', async () => {
    expect((await ops('orders', 'refund', '20260101AAAAAAAAAAAA')).exitCode).toBe(1);
  });
});
