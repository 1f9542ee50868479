import { CommissionSettlement, CommissionState, MS_PER_DAY } from '@nimbus/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LINE_NO_BACKFILL } from '../../src/db/migrations/0026-kol-line-numbers.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import {
  ledgerSteps,
  newKolLedger,
  playStep,
  signedIn,
  type LedgerStep,
} from '../support/kol-ledger.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The commission tab pages the whole record by line numbers (migration 0026); each page must be
// what the tab's order says (time newest first, a clawback before a commission of the same
// time, then the newest row), whatever the clock did, on this dialect.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

const step: fc.Arbitrary<LedgerStep> = fc.oneof(
  { weight: 5, arbitrary: ledgerSteps.pay(fc.nat(3), fc.constant('3')) },
  { weight: 2, arbitrary: ledgerSteps.refund },
  { weight: 2, arbitrary: ledgerSteps.payout },
  {
    weight: 3,
    // Nothing (lines of the same time), a clock a little behind, a few days, past payout.
    arbitrary: ledgerSteps.wait(
      fc.constantFrom(0, 1, -3, -1, 3 * MS_PER_DAY, 45 * MS_PER_DAY, 45 * MS_PER_DAY),
    ),
  },
);

/** The tab's lines of a KOL in its order, read whole from the tables (what each page must show). */
async function expectedLines(kolId: number) {
  const { db } = t.app.services;
  const [commissions, adjustments] = await Promise.all([
    db.selectFrom('kol_commissions').selectAll().where('kol_id', '=', kolId).execute(),
    db
      .selectFrom('kol_adjustments as a')
      .innerJoin('kol_commissions as c', 'c.id', 'a.commission_id')
      .select(['a.id', 'a.amount_minor', 'a.settled_at', 'a.created_at'])
      .select(['c.referred_user_id', 'c.paid_minor'])
      .where('a.kol_id', '=', kolId)
      .execute(),
  ]);
  const lines = [
    ...commissions
      .filter((c) => c.state !== CommissionState.CLAWED_BACK || c.settled_at !== null)
      .map((c) => ({ c, adjustment: 0, at: c.earned_at, id: c.id })),
    ...adjustments.map((a) => ({ c: a, adjustment: 1, at: a.created_at, id: a.id })),
  ].sort((x, y) => y.at - x.at || y.adjustment - x.adjustment || y.id - x.id);
  return lines.map(({ c, adjustment, at }) => ({
    referredUid: String(c.referred_user_id),
    amountPaidMinor: adjustment ? -c.paid_minor : c.paid_minor,
    referAmountMinor: c.amount_minor,
    status: c.settled_at === null ? CommissionSettlement.UNSETTLED : CommissionSettlement.SETTLED,
    date: at,
  }));
}

async function pagesOf(kolId: number, pageSize: number) {
  const client = await signedIn(t, kolId);
  const items: unknown[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const view = await client.ok('systemAffiliate', { tab: 'commission', page, pageSize });
    if (!view.isKol || view.tab !== 'commission') throw new Error('expected the commission tab');
    totals.push(view.records.total);
    items.push(
      ...view.records.items.map((i) => ({
        referredUid: i.referredUid,
        amountPaidMinor: i.amountPaidMinor,
        referAmountMinor: i.referAmountMinor,
        status: i.status,
        date: i.date,
      })),
    );
    if (view.records.items.length < pageSize) return { items, totals, pages: page };
  }
}

describe('commission tab pages by line number', () => {
  test('every page of any ledger holds the lines the tab order puts there, and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        async (steps, pageSize) => {
          const kol = await newKolLedger(t, 100);
          // Each run starts with a commission paid out and then clawed back (an adjustment line).
          const settledThenRefunded: LedgerStep[] = [
            { kind: 'pay', buyer: 0, productId: '3' },
            { kind: 'pay', buyer: 1, productId: '3' },
            { kind: 'wait', ms: 45 * MS_PER_DAY },
            { kind: 'payout' },
            { kind: 'refund', pick: 0 },
          ];
          for (const s of [...settledThenRefunded, ...steps]) await playStep(t, kol, s);
          const expected = await expectedLines(kol.kolId);
          const { items, totals, pages } = await pagesOf(kol.kolId, pageSize);
          expect(items).toEqual(expected);
          expect(new Set(totals)).toEqual(new Set([expected.length]));
          expect(pages).toBe(Math.floor(expected.length / pageSize) + 1);
        },
      ),
      { numRuns: 25 },
    );
  });

  test('the migration numbers the lines there as the hooks did; the check reports a drift', async () => {
    const { db } = t.app.services;
    const ops = (...argv: string[]) =>
      runOpsCommand('kol', argv, t.app.services, t.clock.now, 'ops:test');
    expect(await ops('check-totals')).toMatchObject({ exitCode: 0, stderr: '' });
    const numbered = async () => ({
      commissions: await db
        .selectFrom('kol_commissions')
        .select(['id', 'line_no'])
        .orderBy('id')
        .execute(),
      adjustments: await db
        .selectFrom('kol_adjustments')
        .select(['id', 'line_no'])
        .orderBy('id')
        .execute(),
      counters: await db
        .selectFrom('kol_totals')
        .select(['kol_id', 'line_count'])
        .orderBy('kol_id')
        .execute(),
    });
    const kept = await numbered();
    expect(kept.adjustments.length).toBeGreaterThan(0);
    await db.updateTable('kol_commissions').set({ line_no: 0 }).execute();
    await db.updateTable('kol_adjustments').set({ line_no: 0 }).execute();
    await db.updateTable('kol_totals').set({ line_count: 0 }).execute();
    expect((await ops('check-totals')).exitCode).toBe(1);
    for (const statement of LINE_NO_BACKFILL) await sql.raw(statement).execute(db);
    expect(await numbered()).toEqual(kept);
    expect((await ops('check-totals')).exitCode).toBe(0);

    const kolId = Number(kept.adjustments.length && kept.counters.at(-1)?.kol_id);
    await db
      .updateTable('kol_totals')
      .set((eb) => ({ line_count: eb('line_count', '+', 1) }))
      .where('kol_id', '=', kolId)
      .execute();
    const checked = await ops('check-totals');
    expect(checked.exitCode).toBe(1);
    expect(checked.stderr).toContain(`user ${kolId}: line count kept `);
  });
});
