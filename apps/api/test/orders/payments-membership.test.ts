import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_DAY, PromoKind, ShopGroupType } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referralReversalHook } from '../../src/inviters/referral-bonus.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import { createRedeemCode } from '../../src/membership/redeem-code.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  auditActions,
  buy,
  buyer,
  idempotencyKey,
  pressOnCheckout,
  signedWebhook,
  userRow,
} from '../support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const uniqueCode = (prefix: string) =>
  `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function payViaCheckout(checkoutUrl: string | null) {
  expect((await pressOnCheckout(t, checkoutUrl, 'pay')).statusCode).toBe(303);
}

describe('promo codes', () => {
  test('payment_coupon applies a percentage or a fixed amount, with the spec messages', async () => {
    const { client } = await buyer(t);
    const pct = uniqueCode('PCT');
    await createPromoCode(
      t.app.services.db,
      { code: pct, kind: PromoKind.PERCENT, value: 20 },
      t.clock.now,
    );
    expect(
      await client.ok('paymentCoupon', { code: ` ${pct.toLowerCase()} `, productId: '3' }),
    ).toEqual({
      code: pct,
      productId: '3',
      discountMinor: 1999,
      priceMinor: 8000,
      currency: 'USD',
      percentOff: 20,
    });
    const fixed = uniqueCode('FIX');
    await createPromoCode(
      t.app.services.db,
      { code: fixed, kind: PromoKind.FIXED, value: 500, currency: 'USD', planIds: [1] },
      t.clock.now,
    );
    expect(await client.ok('paymentCoupon', { code: fixed, productId: '1' })).toMatchObject({
      discountMinor: 500,
      priceMinor: 799,
      percentOff: null,
    });
    expect((await client.call('paymentCoupon', { code: fixed, productId: '2' })).body.msg).toBe(
      "This promo code can't be used with the selected plan.",
    );
    expect(
      (await client.call('paymentCoupon', { code: 'NOSUCHCODE', productId: '1' })).body.msg,
    ).toBe('This promo code is invalid.');
    expect((await client.call('paymentCoupon', { code: '   ', productId: '1' })).body.msg).toBe(
      'Enter your promo code to continue.',
    );
    const old = uniqueCode('OLD');
    await createPromoCode(
      t.app.services.db,
      { code: old, kind: PromoKind.PERCENT, value: 10, endsAt: t.clock.now - 1 },
      t.clock.now,
    );
    expect((await client.call('paymentCoupon', { code: old, productId: '1' })).body.status).toBe(
      'PromoCodeExpired',
    );
  });

  test('the purchase charges the discounted price and the code counts once the order is paid', async () => {
    const { client } = await buyer(t);
    const code = uniqueCode('ONCE');
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 50, maxUsesPerUser: 1 },
      t.clock.now,
    );
    const order = await buy(client, { productId: '1', promoCode: code });
    expect(order.amount.amountMinor).toBe(650);
    // Unpaid, the order's use is the one a new order of the same buyer would replace.
    expect((await client.ok('paymentCoupon', { code, productId: '1' })).priceMinor).toBe(650);
    await payViaCheckout(order.checkoutUrl);
    expect((await client.call('paymentCoupon', { code, productId: '1' })).body.msg).toBe(
      'You have already used this promo code.',
    );
  });

  test('concurrent orders of one buyer with a once-per-user code leave one unpaid order holding it', async () => {
    const { client } = await buyer(t);
    const code = uniqueCode('RACE');
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 30, maxUsesPerUser: 1 },
      t.clock.now,
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.call('paymentPurchase', {
          productId: '2',
          paymentMethod: 'card',
          promoCode: code,
          idempotencyKey: idempotencyKey(),
        }),
      ),
    );
    // Each new order replaces the buyer's earlier unpaid one.
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(6);
    const orders = await t.app.services.db
      .selectFrom('orders')
      .innerJoin('promo_codes', 'promo_codes.id', 'orders.promo_code_id')
      .select('orders.status')
      .where('promo_codes.code', '=', code)
      .execute();
    expect(orders.map((o) => o.status).sort()).toEqual([
      'expired',
      'expired',
      'expired',
      'expired',
      'expired',
      'pending',
    ]);
  });

  test('a code used up in total is refused; an expired order gives its use back', async () => {
    const code = uniqueCode('TOTAL');
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 10, maxUses: 1 },
      t.clock.now,
    );
    const first = await buyer(t);
    await buy(first.client, { productId: '1', promoCode: code });
    const second = await buyer(t);
    expect(
      (
        await second.client.call('paymentPurchase', {
          productId: '1',
          paymentMethod: 'card',
          promoCode: code,
          idempotencyKey: idempotencyKey(),
        })
      ).body.status,
    ).toBe('PromoCodeUsedUp');
    t.clock.advance(2 * 60 * 60 * 1000);
    const { expireOrders } = await import('../../src/orders/lifecycle.ts');
    await expireOrders(t.app.services, t.clock.now);
    expect((await second.client.ok('paymentCoupon', { code, productId: '1' })).priceMinor).toBe(
      1170,
    );
  });

  test('a 100 % code completes the order without a provider, once', async () => {
    const { client, userId } = await buyer(t);
    const code = uniqueCode('FREE');
    await createPromoCode(
      t.app.services.db,
      { code, kind: PromoKind.PERCENT, value: 100 },
      t.clock.now,
    );
    const key = idempotencyKey();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        client.ok('paymentPurchase', {
          productId: '5',
          paymentMethod: 'card',
          promoCode: code,
          idempotencyKey: key,
        }),
      ),
    );
    for (const a of answers)
      expect(a).toMatchObject({ status: 'paid', amount: { amountMinor: 0 }, checkoutUrl: null });
    const user = await userRow(t, userId);
    expect(user.lite_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    expect(user.devices_allowed).toBe(2);
    expect(
      (await auditActions(t, 'order', answers[0]?.orderId ?? '')).filter((a) => a === 'order.paid'),
    ).toHaveLength(1);
  });
});

describe('membership', () => {
  test('a purchase extends from the current expiry; Lite runs beside Standard', async () => {
    const { client, userId } = await buyer(t);
    await payViaCheckout((await buy(client, { productId: '1' })).checkoutUrl);
    await payViaCheckout((await buy(client, { productId: '2' })).checkoutUrl);
    await payViaCheckout((await buy(client, { productId: '5' })).checkoutUrl);
    const user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(t.clock.now + 120 * MS_PER_DAY);
    expect(user.lite_expires_at).toBe(t.clock.now + 30 * MS_PER_DAY);
    // A Lite plan does not lower the Standard device limit while Standard runs.
    expect(user.devices_allowed).toBe(5);
    const info = await client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now });
    expect(info.body.data).toMatchObject({
      standardExpireTime: user.standard_expires_at,
      liteExpireTime: user.lite_expires_at,
      deviceLimit: 5,
    });
  });

  test('24 months of Standard makes a yearly paid user until the new Standard expiry', async () => {
    const { client } = await buyer(t);
    await payViaCheckout((await buy(client, { productId: '4' })).checkoutUrl);
    const info = (await client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now })).body
      .data;
    expect(info?.yearlyPaidUser).toBe(1);
    expect(info?.benefitsExpireTime).toBe(t.clock.now + 730 * MS_PER_DAY);
  });

  test('a refund takes back the credited time (never below now), once, audited', async () => {
    const { client, userId } = await buyer(t);
    const first = await buy(client, { productId: '1' });
    await payViaCheckout(first.checkoutUrl);
    const yearly = await buy(client, { productId: '3' });
    await payViaCheckout(yearly.checkoutUrl);
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 395 * MS_PER_DAY);
    t.clock.advance(10 * MS_PER_DAY);
    expect(await refundOrder(t.app.services, yearly.orderId, 'ops:test', t.clock.now)).toEqual({
      refunded: true,
    });
    let user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(t.clock.now + 20 * MS_PER_DAY);
    expect(user.benefits_expires_at).toBe(user.standard_expires_at);
    expect(await refundOrder(t.app.services, yearly.orderId, 'ops:test', t.clock.now)).toEqual({
      refunded: false,
    });
    expect((await client.ok('paymentOrderStatus', { orderId: yearly.orderId })).status).toBe(
      'refunded',
    );
    // 30 days bought, 25 used: refunding takes back what is left, not time already used.
    t.clock.advance(15 * MS_PER_DAY);
    await refundOrder(t.app.services, first.orderId, 'ops:test', t.clock.now);
    user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(t.clock.now);
    expect(await auditActions(t, 'order', yearly.orderId)).toEqual([
      'order.created',
      'order.paid',
      'order.refunded',
    ]);
    const pending = await buy(client, { productId: '1' });
    await expect(
      refundOrder(t.app.services, pending.orderId, 'ops:test', t.clock.now),
    ).rejects.toMatchObject({ entry: ErrorCode.REFUND_NOT_ALLOWED });
  });

  test('a provider refund webhook reverses the order too', async () => {
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: '1' });
    await payViaCheckout(order.checkoutUrl);
    const refunded = await t.app.inject(
      signedWebhook(t, {
        type: 'refunded',
        orderId: order.orderId,
        amountMinor: 1299,
        currency: 'USD',
      }),
    );
    expect(refunded.json<{ data: { outcome: string } }>().data.outcome).toBe('applied');
    expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now);
  });
});

describe('Lite-to-Standard upgrade', () => {
  test('the quote shows the conversion; paying with upgrade applies it', async () => {
    const { client, userId } = await buyer(t);
    await payViaCheckout((await buy(client, { productId: '6' })).checkoutUrl);
    const quote = await client.ok('paymentUpgradeQuote', { productId: '1' });
    expect(quote).toEqual({
      productId: '1',
      liteRemainingSeconds: 90 * 86_400,
      conversionPercent: 50,
      convertedSeconds: 45 * 86_400,
      standardExpireTimeAfter: t.clock.now + 75 * MS_PER_DAY,
      price: { amountMinor: 1299, currency: 'USD' },
    });
    expect((await client.call('paymentUpgradeQuote', { productId: '5' })).body.status).toBe(
      'UpgradeNotAvailable',
    );
    const order = await buy(client, { productId: '1', upgrade: true });
    await payViaCheckout(order.checkoutUrl);
    const user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(quote.standardExpireTimeAfter);
    expect(user.lite_expires_at).toBe(t.clock.now);
    expect((await client.call('paymentUpgradeQuote', { productId: '1' })).body.msg).toBe(
      "An upgrade to Standard isn't available for your account.",
    );
    expect(
      (
        await client.call('paymentPurchase', {
          productId: '1',
          paymentMethod: 'card',
          upgrade: true,
          idempotencyKey: idempotencyKey(),
        })
      ).body.status,
    ).toBe('UpgradeNotAvailable');
  });
});

describe('redeem codes', () => {
  test('a single-use code grants its days once', async () => {
    const { client, userId } = await buyer(t);
    const code = await createRedeemCode(
      t.app.services.db,
      {
        groupType: ShopGroupType.STANDARD,
        days: 7,
        devicesAllowed: 5,
        maxUses: 1,
        expiresAt: null,
      },
      t.clock.now,
    );
    const answer = await client.ok('systemRedeemCode', { code: code.toLowerCase() });
    expect(answer).toEqual({
      productName: 'Standard · 1 month',
      grantedSeconds: 7 * 86_400,
      standardExpireTime: t.clock.now + 7 * MS_PER_DAY,
      liteExpireTime: 0,
    });
    expect((await client.call('systemRedeemCode', { code })).body.status).toBe('RedeemCodeUsed');
    const other = await buyer(t);
    expect((await other.client.call('systemRedeemCode', { code })).body.msg).toBe(
      'This redeem code has already been used.',
    );
    expect((await userRow(t, userId)).devices_allowed).toBe(5);
  });

  test('a multi-use code: once per user, concurrent redemptions do not exceed its uses', async () => {
    const code = await createRedeemCode(
      t.app.services.db,
      {
        groupType: ShopGroupType.LITE,
        days: 30,
        devicesAllowed: 2,
        maxUses: 3,
        expiresAt: t.clock.now + MS_PER_DAY,
      },
      t.clock.now,
    );
    const users = await Promise.all(Array.from({ length: 5 }, () => buyer(t)));
    const answers = await Promise.all(
      users.map((u) => u.client.call('systemRedeemCode', { code })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(3);
    const same = await Promise.all(
      [users[0], users[0]].map((u) => u?.client.call('systemRedeemCode', { code })),
    );
    expect(same.every((a) => a?.body.code !== 200)).toBe(true);
  });

  test('a year of Standard from a code is time, not a yearly purchase: no benefits', async () => {
    const { client, userId } = await buyer(t);
    const code = await createRedeemCode(
      t.app.services.db,
      {
        groupType: ShopGroupType.STANDARD,
        days: 365,
        devicesAllowed: 5,
        maxUses: 1,
        expiresAt: null,
      },
      t.clock.now,
    );
    await client.ok('systemRedeemCode', { code });
    const user = await userRow(t, userId);
    expect(user.standard_expires_at).toBe(t.clock.now + 365 * MS_PER_DAY);
    expect(user.yearly_paid_user).toBe(0);
  });

  test('expired and unknown codes are refused', async () => {
    const { client } = await buyer(t);
    const code = await createRedeemCode(
      t.app.services.db,
      {
        groupType: ShopGroupType.STANDARD,
        days: 7,
        devicesAllowed: 5,
        maxUses: 10,
        expiresAt: t.clock.now - 1,
      },
      t.clock.now,
    );
    expect((await client.call('systemRedeemCode', { code })).body.status).toBe('RedeemCodeExpired');
    expect((await client.call('systemRedeemCode', { code: 'NOPE' })).body.status).toBe(
      'RedeemCodeInvalid',
    );
  });
});

describe('referral bonus', () => {
  test("a friend's first paid purchase gives the active inviter referRate % of its duration, recorded once", async () => {
    const inviter = await buyer(t);
    await payViaCheckout((await buy(inviter.client, { productId: '1' })).checkoutUrl);
    const inviteCode =
      (await inviter.client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now })).body.data
        ?.inviteCode ?? '';
    const before = (await userRow(t, inviter.userId)).standard_expires_at ?? 0;
    const friend = await buyer(t, { inviteCode });
    const order = await buy(friend.client, { productId: '3' });
    await payViaCheckout(order.checkoutUrl);
    const after = (await userRow(t, inviter.userId)).standard_expires_at ?? 0;
    expect(after - before).toBe(Math.floor(365 * 86_400 * 0.1) * 1000);
    const rewards = await t.app.services.db
      .selectFrom('invitation_rewards')
      .selectAll()
      .where('inviter_id', '=', inviter.userId)
      .execute();
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({
      invitee_id: friend.userId,
      plan_id: 3,
      bonus_seconds: 36.5 * 86_400,
      bonus_group_type: 1,
    });
    expect(await auditActions(t, 'user', inviter.userId)).toContain('referral.bonus');
    // A renewal gives nothing more.
    await payViaCheckout((await buy(friend.client, { productId: '1' })).checkoutUrl);
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBe(after);
  });

  test('an inviter without running membership gets a record with no bonus', async () => {
    const inviter = await buyer(t);
    const inviteCode =
      (await inviter.client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now })).body.data
        ?.inviteCode ?? '';
    const friend = await buyer(t, { inviteCode });
    // The invited trial is running for the friend, not the inviter.
    await payViaCheckout((await buy(friend.client, { productId: '1' })).checkoutUrl);
    const reward = await t.app.services.db
      .selectFrom('invitation_rewards')
      .selectAll()
      .where('invitee_id', '=', friend.userId)
      .executeTakeFirstOrThrow();
    expect(reward).toMatchObject({
      inviter_id: inviter.userId,
      bonus_seconds: 0,
      bonus_group_type: null,
    });
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBeNull();
  });

  test("refunding the friend's purchase takes the bonus back, once, audited; the reward shows as reversed", async () => {
    const inviter = await buyer(t);
    await payViaCheckout((await buy(inviter.client, { productId: '3' })).checkoutUrl);
    const inviteCode =
      (await inviter.client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now })).body.data
        ?.inviteCode ?? '';
    const before = (await userRow(t, inviter.userId)).standard_expires_at;
    const friend = await buyer(t, { inviteCode });
    const order = await buy(friend.client, { productId: '1' });
    await payViaCheckout(order.checkoutUrl);
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBe(
      (before ?? 0) + 3 * 86_400 * 1000,
    );

    t.clock.advance(MS_PER_DAY);
    expect(await refundOrder(t.app.services, order.orderId, 'ops:test', t.clock.now)).toEqual({
      refunded: true,
    });
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBe(before);
    // The provider's own refund event for the same order arrives afterwards: nothing more is taken.
    const again = await t.app.inject(
      signedWebhook(t, {
        type: 'refunded',
        orderId: order.orderId,
        amountMinor: 1299,
        currency: 'USD',
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(await refundOrder(t.app.services, order.orderId, 'ops:test', t.clock.now)).toEqual({
      refunded: false,
    });
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBe(before);
    expect(
      (await auditActions(t, 'user', inviter.userId)).filter((a) => a.startsWith('referral.')),
    ).toEqual(['referral.bonus', 'referral.bonus_reversed']);
    const reward = await t.app.services.db
      .selectFrom('invitation_rewards')
      .selectAll()
      .where('order_id', '=', await orderId(order.orderId))
      .executeTakeFirstOrThrow();
    expect(reward).toMatchObject({ bonus_seconds: 3 * 86_400, reversed_at: t.clock.now });
    const records = await inviter.client.ok('systemInvitationRecords', { page: 1, pageSize: 10 });
    expect(records.items.map((r) => [r.productName, r.bonusSeconds, r.bonusReversed])).toEqual([
      ['Standard · 1 month', 0, true],
    ]);
    expect(records.totalBonusSeconds).toBe(0);
  });

  test('a reversal never takes the inviter below now, and a repeated refund event reverses nothing twice', async () => {
    const inviter = await buyer(t);
    await payViaCheckout((await buy(inviter.client, { productId: '1' })).checkoutUrl);
    const inviteCode =
      (await inviter.client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now })).body.data
        ?.inviteCode ?? '';
    const friend = await buyer(t, { inviteCode });
    const order = await buy(friend.client, { productId: '3' });
    await payViaCheckout(order.checkoutUrl);
    // 30 days + 36.5 days of bonus; 60 days later only 6.5 days are left, less than the bonus.
    t.clock.advance(60 * MS_PER_DAY);
    expect(await refundOrder(t.app.services, order.orderId, 'ops:test', t.clock.now)).toEqual({
      refunded: true,
    });
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBe(t.clock.now);

    // The hook itself holds when an event is delivered twice (the order row no longer guards it).
    const { db, dialect, config, settings } = t.app.services;
    const row = await db
      .selectFrom('orders')
      .selectAll()
      .where('public_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    t.clock.advance(1000);
    await db.transaction().execute(async (trx) => {
      await referralReversalHook({
        trx,
        dialect,
        config,
        settings,
        order: row,
        now: t.clock.now,
        actor: 'ops:test',
      });
    });
    expect((await userRow(t, inviter.userId)).standard_expires_at).toBe(t.clock.now - 1000);
    expect(
      (await auditActions(t, 'user', inviter.userId)).filter(
        (a) => a === 'referral.bonus_reversed',
      ),
    ).toHaveLength(1);
  });
});

async function orderId(publicId: string): Promise<number> {
  return (
    await t.app.services.db
      .selectFrom('orders')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  ).id;
}
