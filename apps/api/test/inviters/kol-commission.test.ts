import { CommissionSettlement, GroupBuyPaymentType, MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  KolError,
  kolBalances,
  markKol,
  recordPayout,
  unmarkKol,
} from '../../src/inviters/manage-kols.ts';
import { FIRST_HELD, kolSummaryNow } from '../../src/inviters/ledger.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { findKolTotals } from '../../src/inviters/kol-totals-store.ts';
import { auditActions, buy, pressOnCheckout } from '../support/payments.ts';
import { PASSWORD, registerWithUsername } from '../support/accounts.ts';
import { giveWallet, TEST_WALLET } from '../support/kol-wallet.ts';
import { Client } from '../support/client.ts';
import { GROUP_BUY_ON, paidGroup, pay, quickUser } from '../support/group-buy.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

const change = () => ({ actor: 'ops:test' as const, now: t.clock.now });

/** A KOL registered through the API (their browser has its own device id), marked with a rate. */
async function newKol(rate = 50) {
  const client = new Client(t.app);
  const { userId, username } = await registerWithUsername(client);
  await markKol(t.app.services.db, t.app.services.dialect, Number(userId), rate, change());
  await giveWallet(t.app.services.db, Number(userId), t.clock.now);
  const { invite_code: inviteCode } = await t.app.services.db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', Number(userId))
    .executeTakeFirstOrThrow();
  return { client, userId: Number(userId), username, inviteCode };
}

/** Signs in again after the test clock jumped past the session's lifetime (same browser). */
async function signInAgain(user: { client: Client; username: string }) {
  await user.client.ok('userLogin', {
    channel: 'username',
    account: user.username,
    password: PASSWORD,
    agreeTerms: true,
  });
}

/** A friend who registered with the KOL's invite code in their own browser. */
async function referred(inviteCode: string) {
  const client = new Client(t.app);
  const { userId, username } = await registerWithUsername(client, { inviteCode });
  return { client, userId: Number(userId), username };
}

async function paidPurchase(client: Client, productId: string) {
  const order = await buy(client, { productId });
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
  return order;
}

const dashboard = (
  client: Client,
  tab?: 'commission' | 'settlement' | 'invitation',
  page = 1,
  pageSize = 10,
) => client.ok('systemAffiliate', { ...(tab ? { tab } : {}), page, pageSize });

type Tab = 'commission' | 'settlement' | 'invitation';
type KolAnswer<T extends Tab> = Extract<
  Awaited<ReturnType<typeof dashboard>>,
  { isKol: true; tab: T }
>;
async function kolView<T extends Tab = 'commission'>(
  client: Client,
  tab?: T,
  page = 1,
  pageSize = 10,
): Promise<KolAnswer<T>> {
  const answer = await dashboard(client, tab, page, pageSize);
  if (!answer.isKol || answer.tab !== (tab ?? 'commission'))
    throw new Error('expected a KOL answer for the tab');
  return answer as KolAnswer<T>;
}

describe('the KOL dashboard', () => {
  test('a user who is not a KOL gets the not-a-KOL answer', async () => {
    const { client } = await quickUser(t);
    expect(await dashboard(client)).toEqual({ isKol: false });
  });

  test('commissions on the amount paid (first purchase at the KOL rate, renewals 20 %), held, then paid out at $100', async () => {
    const kol = await newKol(50);
    const friend = await referred(kol.inviteCode);
    const idle = await referred(kol.inviteCode);
    const first = await paidPurchase(friend.client, '3');
    t.clock.advance(1000);
    const renewal = await paidPurchase(friend.client, '1');

    const view = await kolView(kol.client);
    expect(view.summary).toMatchObject({
      inviteCode: kol.inviteCode,
      inviteLink: `/register?ref=${kol.inviteCode}`,
      firstPurchaseRatePercent: 50,
      renewalRatePercent: 20,
      currency: 'USD',
      pendingMinor: 4999 + 259,
      payableMinor: 0,
      settledMinor: 0,
      payoutThresholdMinor: 10_000,
      invitedCount: 2,
      paidCount: 1,
    });
    expect(view.tab).toBe('commission');
    expect(view.records.items).toEqual([
      {
        referredUid: String(friend.userId),
        package: 'Standard · 1 month',
        amountPaidMinor: 1299,
        currency: 'USD',
        type: 1,
        referRate: 20,
        referAmountMinor: 259,
        status: 0,
        date: t.clock.now,
      },
      {
        referredUid: String(friend.userId),
        package: 'Standard · 12 months',
        amountPaidMinor: 9999,
        currency: 'USD',
        type: 0,
        referRate: 50,
        referAmountMinor: 4999,
        status: 0,
        date: t.clock.now - 1000,
      },
    ]);
    const invitations = await kolView(kol.client, 'invitation');
    expect(invitations.records.items.map((i) => [i.referredUid, i.status])).toEqual([
      [String(idle.userId), 0],
      [String(friend.userId), 1],
    ]);
    expect((await kolView(kol.client, 'settlement')).records).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
    expect(
      (await kolView(kol.client, 'commission', 2, 1)).records.items.map((r) => r.referAmountMinor),
    ).toEqual([4999]);

    // The renewal is refunded: exactly its commission is taken back.
    await refundOrder(t.app.services, renewal.orderId, 'ops:test', t.clock.now);
    const afterRefund = await kolView(kol.client);
    expect(afterRefund.summary.pendingMinor).toBe(4999);
    expect(afterRefund.records.items.map((r) => r.referAmountMinor)).toEqual([4999]);
    expect((await auditActions(t, 'user', kol.userId)).filter((a) => a.startsWith('kol.'))).toEqual(
      [
        'kol.marked',
        'kol.commission_recorded',
        'kol.commission_recorded',
        'kol.commission_clawed_back',
      ],
    );

    // Past the holding period but below $100: no payout, nothing changes.
    t.clock.advance(31 * MS_PER_DAY);
    await signInAgain(kol);
    expect((await kolView(kol.client)).summary).toMatchObject({
      pendingMinor: 0,
      payableMinor: 4999,
    });
    await expect(
      recordPayout(t.app.services.db, t.app.services.dialect, kol.userId, null, change()),
    ).rejects.toMatchObject({ code: 'below_threshold' });
    expect(
      await t.app.services.db
        .selectFrom('kol_payouts')
        .select('id')
        .where('kol_id', '=', kol.userId)
        .execute(),
    ).toEqual([]);
    expect((await kolView(kol.client)).summary.payableMinor).toBe(4999);

    // Another friend's 2-year plan: $179.99 at 50 %, payable after the hold; then the payout.
    const second = await referred(kol.inviteCode);
    const big = await paidPurchase(second.client, '4');
    t.clock.advance(31 * MS_PER_DAY);
    const balance = (await kolBalances(t.app.services.db, t.clock.now, kol.userId))[0];
    expect(balance?.summary).toMatchObject({
      payableMinor: 4999 + 8999,
      payoutEligible: true,
      progressPercent: 100,
    });
    expect(balance?.payable.map((c) => c.order_public_id).sort()).toEqual(
      [first.orderId, big.orderId].sort(),
    );
    const txHash = `0x${'ab'.repeat(32)}`;
    const payout = await recordPayout(
      t.app.services.db,
      t.app.services.dialect,
      kol.userId,
      txHash,
      change(),
    );
    await signInAgain(kol);
    expect(payout).toMatchObject({ amountMinor: 13_998, currency: 'USD', txHash });
    const paid = await kolView(kol.client, 'settlement');
    expect(paid.summary).toMatchObject({ pendingMinor: 0, payableMinor: 0, settledMinor: 13_998 });
    expect(paid.records.items).toEqual([
      {
        payoutDate: t.clock.now,
        periodStart: payout.periodStart,
        periodEnd: payout.periodEnd,
        amountMinor: 13_998,
        currency: 'USD',
        txHash,
        // The wallet in force when the payout was made.
        walletNetwork: 'ethereum',
        walletAddress: TEST_WALLET,
      },
    ]);
    expect((await kolView(kol.client)).records.items.map((r) => r.status)).toEqual([
      CommissionSettlement.SETTLED,
      CommissionSettlement.SETTLED,
    ]);
    await expect(
      recordPayout(t.app.services.db, t.app.services.dialect, kol.userId, txHash, change()),
    ).rejects.toMatchObject({ code: 'below_threshold' });

    // A refund after the payout: a negative line of exactly the paid commission, owed from the next
    // payout.
    await refundOrder(t.app.services, big.orderId, 'ops:test', t.clock.now);
    const clawed = await kolView(kol.client);
    expect(clawed.summary).toMatchObject({ payableMinor: -8999, settledMinor: 13_998 });
    expect(clawed.records.items[0]).toMatchObject({
      referredUid: String(second.userId),
      amountPaidMinor: -17_999,
      referAmountMinor: -8999,
      status: 0,
    });
  });

  test('a KOL inviter earns commission instead of bonus time; unmarked, the next friend brings bonus time again', async () => {
    const kol = await newKol(40);
    // Running membership: an ordinary inviter would get bonus time now.
    await paidPurchase(kol.client, '1');
    const expiry = (
      await t.app.services.db
        .selectFrom('users')
        .select('standard_expires_at')
        .where('id', '=', kol.userId)
        .executeTakeFirstOrThrow()
    ).standard_expires_at;
    const friend = await referred(kol.inviteCode);
    await paidPurchase(friend.client, '3');
    expect((await kolView(kol.client)).records.items).toEqual([
      expect.objectContaining({
        referredUid: String(friend.userId),
        referRate: 40,
        referAmountMinor: 3999,
        type: 0,
      }),
    ]);
    const expiryOf = async () =>
      (
        await t.app.services.db
          .selectFrom('users')
          .select('standard_expires_at')
          .where('id', '=', kol.userId)
          .executeTakeFirstOrThrow()
      ).standard_expires_at;
    expect(await expiryOf()).toBe(expiry);
    const records = await kol.client.ok('systemInvitationRecords', { page: 1, pageSize: 10 });
    expect(records.items.map((r) => [r.productName, r.bonusSeconds])).toEqual([
      ['Standard · 12 months', 0],
    ]);
    const noBonus = await t.app.services.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'referral.no_bonus')
      .where('subject_id', '=', String(kol.userId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(noBonus.data)).toMatchObject({
      inviteeId: friend.userId,
      reason: 'kol_commission',
    });

    await unmarkKol(t.app.services.db, t.app.services.dialect, kol.userId, change());
    const later = await referred(kol.inviteCode);
    await paidPurchase(later.client, '1');
    expect(await expiryOf()).toBe((expiry ?? 0) + 3 * MS_PER_DAY);
    expect(
      await t.app.services.db
        .selectFrom('kol_commissions')
        .select('id')
        .where('referred_user_id', '=', later.userId)
        .execute(),
    ).toEqual([]);
  });

  test('a payment of a referred user for a group share earns on what that user paid', async () => {
    const kol = await newKol(30);
    const friend = await referred(kol.inviteCode);
    const creator = await quickUser(t);
    const { group } = await paidGroup(t, creator.client, {
      productId: '1',
      size: 2,
      paymentType: GroupBuyPaymentType.PAY_SELF,
    });
    const share = await friend.client.ok('paymentJointJoinForPay', {
      groupId: group.groupId,
      paymentMethod: 'card',
      idempotencyKey: 'share-of-a-referred-friend',
    });
    await pay(t, share.checkoutUrl);
    const view = await kolView(kol.client);
    expect(view.records.items).toEqual([
      expect.objectContaining({
        amountPaidMinor: 650,
        referRate: 30,
        referAmountMinor: 195,
        type: 0,
      }),
    ]);
  });

  test("self-referral: a friend paying from the KOL's own device earns nothing, and it is audited", async () => {
    const kol = await newKol(50);
    const friend = await referred(kol.inviteCode);
    // The friend signs in on the KOL's browser and buys there.
    const onKolsDevice = new Client(t.app);
    onKolsDevice.deviceId = kol.client.deviceId;
    await onKolsDevice.ok('userLogin', {
      channel: 'username',
      account: friend.username,
      password: PASSWORD,
      agreeTerms: true,
    });
    await paidPurchase(onKolsDevice, '1');
    const view = await kolView(kol.client);
    expect(view.records.total).toBe(0);
    expect(view.summary.pendingMinor).toBe(0);
    const refused = await t.app.services.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'kol.commission_refused')
      .where('subject_id', '=', String(kol.userId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(refused.data)).toMatchObject({
      referredUserId: friend.userId,
      reason: 'self_referral:same_device',
    });
  });

  test("self-referral: a friend who paid from the KOL's wallet earns the KOL nothing", async () => {
    const kol = await newKol(50);
    const friend = await referred(kol.inviteCode);
    // Both paid crypto orders from one wallet (the sender addresses the crypto part records).
    const wallet = `0x${'Ab'.repeat(20)}`;
    const { db } = t.app.services;
    for (const [client, tx] of [
      [kol.client, 'a'],
      [friend.client, 'b'],
    ] as const) {
      const order = await buy(client, { productId: '1' });
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('public_id', '=', order.orderId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('crypto_transactions')
        .values({
          chain_id: 31_337,
          tx_hash: `0x${tx.repeat(64)}`,
          order_id: row.id,
          status: 'confirmed',
          from_address: tx === 'a' ? wallet : wallet.toLowerCase(),
          submitted_at: t.clock.now,
          confirmed_at: t.clock.now,
        })
        .execute();
    }
    await paidPurchase(friend.client, '3');
    expect((await kolView(kol.client)).records.total).toBe(0);
    const refused = await db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'kol.commission_refused')
      .where('subject_id', '=', String(kol.userId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(refused.data)).toMatchObject({ reason: 'self_referral:same_wallet' });
  });

  test('an unmarked KOL earns nothing on later orders and sees the not-a-KOL answer; earned commission stays', async () => {
    const kol = await newKol(25);
    const friend = await referred(kol.inviteCode);
    await paidPurchase(friend.client, '1');
    expect(await unmarkKol(t.app.services.db, t.app.services.dialect, kol.userId, change())).toBe(
      true,
    );
    await paidPurchase(friend.client, '1');
    expect(await dashboard(kol.client)).toEqual({ isKol: false });
    const [balance] = await kolBalances(t.app.services.db, t.clock.now, kol.userId);
    expect(balance).toMatchObject({
      isKol: false,
      ratePercent: 25,
      summary: { pendingMinor: 324 },
    });
  });

  test('the next payout is when the held commissions reach $100, however few of them the summary reads first', async () => {
    const kol = await newKol(50);
    const heldAt: number[] = [];
    for (let i = 0; i < 3; i++) {
      const friend = await referred(kol.inviteCode);
      await paidPurchase(friend.client, '3');
      heldAt.push(t.clock.now);
      t.clock.advance(MS_PER_DAY);
    }
    await signInAgain(kol);
    // $49.99 each: the third brings the held $149.97 past $100, when its holding period ends.
    const view = await kolView(kol.client);
    expect(view.summary).toMatchObject({ pendingMinor: 3 * 4999, payableMinor: 0 });
    expect(view.summary.nextPayoutAt).toBe((heldAt[2] ?? 0) + 30 * MS_PER_DAY);
    const { db } = t.app.services;
    const totals = await findKolTotals(db, kol.userId);
    for (const first of [1, 2, 3, FIRST_HELD])
      expect(await kolSummaryNow(db, kol.userId, totals, t.clock.now, first)).toEqual({
        summary: expect.objectContaining({ pendingMinor: 3 * 4999, payableMinor: 0 }),
        nextPayoutAt: view.summary.nextPayoutAt,
      });
  });

  test('rates outside 25-100 or not whole are refused, and a payout needs a KOL', async () => {
    const { userId } = await quickUser(t);
    for (const rate of [24, 101, 33.5]) {
      await expect(
        markKol(t.app.services.db, t.app.services.dialect, userId, rate, change()),
      ).rejects.toBeInstanceOf(KolError);
    }
    await expect(
      recordPayout(t.app.services.db, t.app.services.dialect, userId, null, change()),
    ).rejects.toMatchObject({ code: 'not_kol' });
    await expect(
      recordPayout(t.app.services.db, t.app.services.dialect, userId, '0x12', change()),
    ).rejects.toMatchObject({ code: 'tx_hash_invalid' });
    expect(await auditActions(t, 'user', userId)).toEqual([]);
  });
});
