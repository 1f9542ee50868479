import { commissionSummary, KOL_PAYOUT_THRESHOLD_MINOR, MS_PER_DAY } from '@nimbus/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KOL_TOTALS_BACKFILL } from '../../src/db/migrations/0017-kol-totals.ts';
import { LINE_NO_BACKFILL } from '../../src/db/migrations/0026-kol-line-numbers.ts';
import { markKol } from '../../src/inviters/manage-kols.ts';
import { loadLedger } from '../../src/inviters/ledger.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { kolTotalsDrift, paidOrdersDrift } from '../../src/inviters/kol-totals-store.ts';
import { orderCountDrift } from '../../src/accounts/counts-store.ts';
import { buy, pressOnCheckout } from '../support/payments.ts';
import { quickUser } from '../support/group-buy.ts';
import {
  ledgerSteps,
  newKolLedger,
  playStep,
  signedIn,
  type LedgerStep,
} from '../support/kol-ledger.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The running totals per KOL (kol_totals) and the paid mark per invitee (users.paid_orders) are
// kept by each ledger change; after any sequence of payments, refunds, payouts, registrations
// and time passing they must equal what the ledger says, on this dialect.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

const step: fc.Arbitrary<LedgerStep> = fc.oneof(
  { weight: 4, arbitrary: ledgerSteps.pay(fc.nat({ max: 9 }), fc.constantFrom('1', '3', '4')) },
  { weight: 2, arbitrary: ledgerSteps.refund },
  { weight: 2, arbitrary: ledgerSteps.payout },
  { weight: 1, arbitrary: ledgerSteps.register },
  {
    weight: 2,
    arbitrary: ledgerSteps.wait(fc.constantFrom(10, 31, 45).map((days) => days * MS_PER_DAY)),
  },
);

/** What the dashboard's counts must be, counted from the users and orders themselves. */
async function invitees(kolId: number) {
  const rows = await t.app.services.db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      eb
        .exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.user_id', '=', 'u.id')
            .where('o.status', '=', 'paid')
            .where('o.amount_minor', '>', 0),
        )
        .as('paid'),
    ])
    .where('u.inviter_id', '=', kolId)
    .execute();
  return {
    invited: rows.length,
    paid: rows.filter((r) => r.paid === true || Number(r.paid) === 1).length,
  };
}

describe('running totals of a KOL', () => {
  test('after any sequence of commissions, clawbacks, refunds and payouts the totals equal the ledger', async () => {
    const { db, dialect } = t.app.services;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        const kol = await newKolLedger(t, 100, { inviteCode: true });
        for (const s of steps) await playStep(t, kol, s);

        // This run's KOL and users (an earlier run's drift would show again in every run).
        const { drift } = await kolTotalsDrift(db, dialect);
        expect(drift.filter((d) => d.kolId === kol.kolId)).toEqual([]);
        expect(drift).toEqual([]);
        const mine = new Set([kol.kolId, ...kol.buyers]);
        expect((await paidOrdersDrift(db)).filter((d) => mine.has(d.userId))).toEqual([]);

        // The dashboard, read from the totals, says what the whole ledger says.
        const { ledger } = await loadLedger(db, kol.kolId);
        const whole = commissionSummary(ledger, t.clock.now, KOL_PAYOUT_THRESHOLD_MINOR);
        const counted = await invitees(kol.kolId);
        const view = await (
          await signedIn(t, kol.kolId)
        ).ok('systemAffiliate', {
          tab: 'commission',
          page: 1,
          pageSize: 100,
        });
        if (!view.isKol) throw new Error('expected the KOL dashboard');
        expect(view.summary).toMatchObject({
          pendingMinor: whole.pendingMinor,
          payableMinor: whole.payableMinor,
          settledMinor: whole.settledMinor,
          invitedCount: counted.invited,
          paidCount: counted.paid,
        });
        expect(view.records.total).toBe(view.records.items.length);
        const settlements = await (
          await signedIn(t, kol.kolId)
        ).ok('systemAffiliate', {
          tab: 'settlement',
          page: 1,
          pageSize: 100,
        });
        if (!settlements.isKol) throw new Error('expected the KOL dashboard');
        expect(settlements.records.total).toBe(settlements.records.items.length);
      }),
      { numRuns: 20 },
    );
  });

  test('the migration fills the totals from the ledger; the check reports a total that drifted', async () => {
    const { db } = t.app.services;
    const ops = (...argv: string[]) =>
      runOpsCommand('kol', argv, t.app.services, t.clock.now, 'ops:test');
    expect(await ops('check-totals')).toMatchObject({ exitCode: 0, stderr: '' });

    // Every total wrong, then recomputed by the migration's backfill: the check passes again.
    const kept = await db.selectFrom('kol_totals').selectAll().orderBy('kol_id').execute();
    expect(kept.length).toBeGreaterThan(0);
    await db.deleteFrom('kol_totals').execute();
    await db.updateTable('users').set({ paid_orders: 0 }).execute();
    expect((await ops('check-totals')).exitCode).toBe(1);
    // (migration 0026 then sets the line counters.)
    for (const statement of [...KOL_TOTALS_BACKFILL, ...LINE_NO_BACKFILL])
      await sql.raw(statement).execute(db);
    expect(await db.selectFrom('kol_totals').selectAll().orderBy('kol_id').execute()).toEqual(kept);
    expect((await ops('check-totals')).exitCode).toBe(0);

    // One payout too many on one KOL, one paid order too few on one user: each named.
    const kolId = Number(kept[0]?.kol_id);
    await db
      .updateTable('kol_totals')
      .set((eb) => ({ payouts: eb('payouts', '+', 1) }))
      .where('kol_id', '=', kolId)
      .execute();
    const payer = await db
      .selectFrom('users')
      .select(['id', 'paid_orders'])
      .where('paid_orders', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ paid_orders: payer.paid_orders - 1 })
      .where('id', '=', payer.id)
      .execute();
    // And one order too many on the payer's kept order count (order history's total).
    const { order_count: orders } = await db
      .selectFrom('users')
      .select('order_count')
      .where('id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(orders).toBeGreaterThanOrEqual(payer.paid_orders);
    await db
      .updateTable('users')
      .set({ order_count: orders + 1 })
      .where('id', '=', payer.id)
      .execute();
    const checked = await ops('check-totals');
    expect(checked.exitCode).toBe(1);
    expect(checked.stderr).toContain(`user ${kolId}: payouts kept `);
    expect(checked.stderr).toContain(
      `user ${payer.id}: paid orders kept ${payer.paid_orders - 1}, orders ${payer.paid_orders}`,
    );
    expect(checked.stderr).toContain(
      `user ${payer.id}: order count kept ${orders + 1}, orders ${orders}`,
    );
  });

  test('payments of many invitees at once all go through, and the totals stay equal to the ledger', async () => {
    // Regression: counting a first paid order locked the buyer, then the inviter's totals,
    // before the fulfilment and hooks locked buyer and inviter: PostgreSQL found deadlocks.
    const { db, dialect } = t.app.services;
    const kol = await quickUser(t);
    const inviter = await quickUser(t);
    await markKol(db, dialect, kol.userId, 30, { actor: 'ops:test', now: t.clock.now });
    const orders = [];
    const buyers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const buyer = await quickUser(t, { inviterId: i % 2 === 0 ? kol.userId : inviter.userId });
      buyers.push(buyer.userId);
      for (let k = 0; k < 2; k++) orders.push(await buy(buyer.client, { productId: '1' }));
    }
    const answers = await Promise.all(orders.map((o) => pressOnCheckout(t, o.checkoutUrl, 'pay')));
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 303));
    // This test's users (the test before left a drift on purpose).
    const { drift } = await kolTotalsDrift(db, dialect);
    expect(drift.filter((d) => d.kolId === kol.userId || d.kolId === inviter.userId)).toEqual([]);
    const mine = new Set(buyers);
    expect((await paidOrdersDrift(db)).filter((d) => mine.has(d.userId))).toEqual([]);
    expect((await orderCountDrift(db)).filter((d) => mine.has(d.userId))).toEqual([]);
    const totals = await db
      .selectFrom('kol_totals')
      .select(['kol_id', 'invitees', 'paid_invitees'])
      .where('kol_id', 'in', [kol.userId, inviter.userId])
      .orderBy('kol_id')
      .execute();
    expect(totals.map((r) => [Number(r.invitees), Number(r.paid_invitees)])).toEqual([
      [6, 6],
      [6, 6],
    ]);
  });
});
