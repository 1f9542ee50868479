import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kolBalances, markKol } from '../../src/inviters/manage-kols.ts';
import { applyForKol } from '../../src/inviters/kol-applications.ts';
import { databaseFingerprint } from '../security/fixtures.ts';
import { auditActions, buy, buyer, pressOnCheckout, userRow } from '../support/payments.ts';
import { giveWallet, TEST_WALLET } from '../support/kol-wallet.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Commissions are payable at once (no holding period), so a payout can follow a purchase.
let t: TestApp;
let finance: SignedInOperator;
let support: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0', KOL_HOLDING_DAYS: '0' } });
  finance = await enrolledOperator(t, 'finance');
  support = await enrolledOperator(t, 'support');
});
afterAll(() => t.close());

const page = { page: 1, pageSize: 10 };
const txHash = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * A KOL at a rate with a payout wallet (unless `wallet` is false), and a friend they referred who
 * paid for a plan (`productId`).
 */
async function kolWithSale(
  rate: number,
  productId: string | null,
  app: TestApp = t,
  { wallet = true } = {},
) {
  const kol = await buyer(app);
  const { db, dialect } = app.app.services;
  await markKol(db, dialect, kol.userId, rate, { actor: 'ops:test', now: app.clock.now });
  if (wallet) await giveWallet(db, kol.userId, app.clock.now);
  if (productId !== null) await referredSale(kol.userId, productId, app);
  return kol;
}

/** A friend the KOL referred pays for a plan (`productId`). */
async function referredSale(kolId: number, productId: string, app: TestApp = t) {
  const { invite_code: inviteCode } = await userRow(app, kolId);
  const friend = await buyer(app, { inviteCode });
  const order = await buy(friend.client, { productId });
  await pressOnCheckout(app, order.checkoutUrl, 'pay');
}

async function application(userId: number) {
  const state = await applyForKol(
    t.app.services,
    userId,
    {
      links: ['https://video.example.com/channel'],
      audience: 'Travellers who need a VPN abroad',
      wallet: { network: 'bsc', address: `0x${'cd'.repeat(20)}` },
    },
    t.clock.now,
  );
  return state.application?.id ?? '';
}

describe('KOLs in the console', () => {
  test('listed by page with the domain summary, filtered on the server; the rate changes, audited', async () => {
    const big = await kolWithSale(100, '4');
    const small = await kolWithSale(50, '1');
    const idle = await kolWithSale(30, null);

    const found = await finance.client.ok('adminKolList', {
      query: String(big.userId),
      ...page,
    });
    expect(found.items).toEqual([
      expect.objectContaining({
        userId: String(big.userId),
        isKol: true,
        ratePercent: 100,
        pendingMinor: 0,
        payableMinor: 17_999,
        settledMinor: 0,
        currency: 'USD',
        payoutEligible: true,
        thresholdMinor: 10_000,
      }),
    ]);
    const payable = await finance.client.ok('adminKolList', { payableOnly: true, ...page });
    const payableIds = payable.items.map((k) => k.userId);
    expect(payableIds).toEqual(expect.arrayContaining([String(big.userId), String(small.userId)]));
    expect(payableIds).not.toContain(String(idle.userId));
    const all = await finance.client.ok('adminKolList', { page: 1, pageSize: 2 });
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.items[0]?.userId).toBe(String(idle.userId));

    const detail = await finance.client.ok('adminKolDetail', { userId: String(small.userId) });
    expect(detail.kol).toMatchObject({ payableMinor: 649, payoutEligible: false });
    expect(detail.commissions.total).toBe(1);
    expect(detail.commissions.recent[0]).toMatchObject({ amountMinor: 649, state: 'payable' });
    expect(detail.payouts).toEqual({ total: 0, recent: [] });

    const changed = await finance.client.ok('adminKolSetRate', {
      userId: String(idle.userId),
      ratePercent: 45,
    });
    expect(changed.kol.ratePercent).toBe(45);
    expect(await auditActions(t, 'user', String(idle.userId))).toContain('kol.marked');
    const bad = await finance.client.call('adminKolSetRate', {
      userId: String(idle.userId),
      ratePercent: 10,
    });
    expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
    const notKol = await finance.client.call('adminKolDetail', {
      userId: String((await buyer(t)).userId),
    });
    expect(notKol.body.code).toBe(ErrorCode.KOL_NOT_FOUND.code);
    expect((await support.client.call('adminKolList', page)).body.code).toBe(
      ErrorCode.FORBIDDEN.code,
    );
  });
});

describe('a page of KOLs with a holding period', () => {
  test("each row is its own KOL's summary, as the whole ledger gives it", async () => {
    const held = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0', KOL_HOLDING_DAYS: '7' } });
    try {
      const early = await kolWithSale(100, '4', held);
      const both = await kolWithSale(50, '1', held);
      held.clock.advance(8 * MS_PER_DAY);
      const late = await kolWithSale(40, '1', held);
      await referredSale(both.userId, '4', held);
      const idle = await kolWithSale(30, null, held);
      const operator = await enrolledOperator(held, 'finance');

      // (On PostgreSQL this file's other KOLs share the schema: only these four are compared.)
      const ids = [idle, late, both, early].map((k) => String(k.userId));
      const page1 = await operator.client.ok('adminKolList', page);
      const listed = { items: page1.items.filter((k) => ids.includes(k.userId)) };
      expect(listed.items.map((k) => k.userId)).toEqual(ids);
      const ledgers = await kolBalances(held.app.services.db, held.clock.now);
      expect(listed.items).toEqual(
        ids.map((userId) => {
          const balance = ledgers.find((b) => String(b.userId) === userId);
          return expect.objectContaining({
            userId,
            ratePercent: balance?.ratePercent,
            pendingMinor: balance?.summary.pendingMinor,
            payableMinor: balance?.summary.payableMinor,
            settledMinor: balance?.summary.settledMinor,
            currency: balance?.summary.currency,
            payoutEligible: balance?.summary.payoutEligible,
            thresholdMinor: balance?.summary.thresholdMinor,
          });
        }),
      );
      // Held and payable commission both show, each on its own KOL's row.
      const row = (kol: { userId: number }) =>
        listed.items.find((k) => k.userId === String(kol.userId));
      expect(row(early)).toMatchObject({ pendingMinor: 0, payableMinor: 17_999 });
      expect(row(late)?.pendingMinor).toBeGreaterThan(0);
      expect(row(late)?.payableMinor).toBe(0);
      expect(row(both)?.pendingMinor).toBeGreaterThan(0);
      expect(row(both)?.payableMinor).toBeGreaterThan(0);
      expect(row(idle)).toMatchObject({ pendingMinor: 0, payableMinor: 0, settledMinor: 0 });
      expect(
        (await operator.client.ok('adminKolDetail', { userId: String(both.userId) })).kol,
      ).toEqual(row(both));
      // The user's detail shows the same figures.
      const supportDesk = await enrolledOperator(held, 'support');
      const userDetail = await supportDesk.client.ok('adminUserDetail', {
        userId: String(both.userId),
      });
      const bothRow = row(both);
      expect(userDetail.kol).toEqual({
        isKol: true,
        ratePercent: 50,
        pendingMinor: bothRow?.pendingMinor,
        payableMinor: bothRow?.payableMinor,
        settledMinor: bothRow?.settledMinor,
        currency: bothRow?.currency,
      });
    } finally {
      await held.close();
    }
  });
});

describe('applications', () => {
  test('approved and declined with the services `pnpm ops kol` runs', async () => {
    const approvedUser = await buyer(t);
    const declinedUser = await buyer(t);
    const toApprove = await application(approvedUser.userId);
    const toDecline = await application(declinedUser.userId);

    const queue = await finance.client.ok('adminKolApplications', { status: 'pending', ...page });
    expect(queue.items.map((a) => a.id)).toEqual(expect.arrayContaining([toApprove, toDecline]));
    expect(queue.items.find((a) => a.id === toApprove)).toMatchObject({
      userId: String(approvedUser.userId),
      status: 'pending',
      links: ['https://video.example.com/channel'],
    });

    const approved = await finance.client.ok('adminKolApprove', {
      applicationId: toApprove,
      ratePercent: 60,
    });
    expect(approved.application.status).toBe('approved');
    const kol = await finance.client.ok('adminKolDetail', {
      userId: String(approvedUser.userId),
    });
    expect(kol.kol).toMatchObject({ isKol: true, ratePercent: 60 });
    expect(kol.wallet).toEqual({ network: 'bsc', address: `0x${'cd'.repeat(20)}` });

    const empty = await finance.client.call('adminKolDecline', {
      applicationId: toDecline,
      reason: '   ',
    });
    expect(empty.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
    const declined = await finance.client.ok('adminKolDecline', {
      applicationId: toDecline,
      reason: 'The channel is not about travel',
    });
    expect(declined.application).toMatchObject({
      status: 'declined',
      declineReason: 'The channel is not about travel',
    });
    const again = await finance.client.call('adminKolApprove', { applicationId: toDecline });
    expect(again.body.code).toBe(ErrorCode.KOL_APPLICATION_DECIDED.code);
    expect(
      (await finance.client.call('adminKolApprove', { applicationId: '999999' })).body.code,
    ).toBe(ErrorCode.KOL_APPLICATION_NOT_FOUND.code);
    expect(await auditActions(t, 'user', String(approvedUser.userId))).toContain(
      'kol.application_approved',
    );
    const actors = await t.app.services.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'kol.application_declined')
      .where('subject_id', '=', String(declinedUser.userId))
      .execute();
    expect(actors).toEqual([{ actor: `operator:${finance.operatorId}` }]);
  });
});

describe('payouts', () => {
  test('recorded with the hash, shown on the KOL dashboard; refused below $100 or with a used hash', async () => {
    const kol = await kolWithSale(100, '4');
    const hash = txHash();
    const paid = await finance.client.ok('adminKolPayout', {
      userId: String(kol.userId),
      txHash: hash,
    });
    expect(paid.payout).toMatchObject({
      amountMinor: 17_999,
      currency: 'USD',
      txHash: hash,
      actor: `operator:${finance.operatorId}`,
    });
    expect(paid.kol).toMatchObject({ payableMinor: 0, settledMinor: 17_999 });
    const dashboard = await kol.client.ok('systemAffiliate', {
      tab: 'settlement',
      page: 1,
      pageSize: 10,
    });
    if (!dashboard.isKol || dashboard.tab !== 'settlement') throw new Error('expected settlements');
    expect(dashboard.records.items).toEqual([
      expect.objectContaining({ amountMinor: 17_999, txHash: hash }),
    ]);
    const detail = await finance.client.ok('adminKolDetail', { userId: String(kol.userId) });
    expect(detail.payouts.recent.map((p) => p.txHash)).toEqual([hash]);

    const before = await databaseFingerprint(t.app);
    const nothingLeft = await finance.client.call('adminKolPayout', {
      userId: String(kol.userId),
      txHash: txHash(),
    });
    expect(nothingLeft.body.code).toBe(ErrorCode.PAYOUT_BELOW_THRESHOLD.code);
    const other = await kolWithSale(100, '4');
    const reused = await finance.client.call('adminKolPayout', {
      userId: String(other.userId),
      txHash: hash,
    });
    expect(reused.body.code).toBe(ErrorCode.PAYOUT_TX_USED.code);
    const malformed = await finance.client.call('adminKolPayout', {
      userId: String(other.userId),
      txHash: '0x1234',
    });
    expect(malformed.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED.code,
      msg: 'Invalid transaction hash',
    });
    const after = await databaseFingerprint(t.app);
    expect(after.kol_payouts).toEqual(before.kol_payouts);
    expect(
      (await finance.client.ok('adminKolDetail', { userId: String(other.userId) })).kol,
    ).toMatchObject({ payableMinor: 17_999, settledMinor: 0 });
  });

  test('refused for a KOL without a payout wallet: nothing settles until they add one', async () => {
    const kol = await kolWithSale(100, '4', t, { wallet: false });
    const before = await databaseFingerprint(t.app);
    const refused = await finance.client.call('adminKolPayout', {
      userId: String(kol.userId),
      txHash: txHash(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: ErrorCode.PAYOUT_NO_WALLET.code,
      msg: 'This KOL has no payout wallet yet: a payout can be recorded once they add one on their dashboard.',
    });
    expect(await databaseFingerprint(t.app)).toEqual(before);
    const dashboard = await kol.client.ok('systemAffiliate', { tab: 'commission', ...page });
    if (!dashboard.isKol) throw new Error('expected the KOL dashboard');
    expect(dashboard.summary).toMatchObject({ payableMinor: 17_999, wallet: null });

    // The KOL adds a wallet: the same payout goes through and names it.
    await giveWallet(t.app.services.db, kol.userId, t.clock.now);
    const paid = await finance.client.ok('adminKolPayout', {
      userId: String(kol.userId),
      txHash: txHash(),
    });
    expect(paid.payout).toMatchObject({ amountMinor: 17_999 });
    expect(paid.kol).toMatchObject({ payableMinor: 0, settledMinor: 17_999 });
    const detail = await finance.client.ok('adminKolDetail', { userId: String(kol.userId) });
    expect(detail.payouts.recent[0]).toMatchObject({ wallet: { address: TEST_WALLET } });
  });
});
