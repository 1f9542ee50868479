import type { CommissionTotals } from '@nimbus/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { LEDGER_TOTALS_SQL, PAID_ORDERS_SQL } from '../db/migrations/0017-kol-totals.ts';
import { LINE_NUMBERS_SQL } from '../db/migrations/0026-kol-line-numbers.ts';
import { keptCountDrift } from '../accounts/index.ts';

/**
 * The `kol_totals` table: running totals per inviter (every KOL is one), each changed by the
 * transaction of the change it counts (a commission, a clawback, a payout, a registration with
 * the inviter's code, an invitee's first paid order or its refund), so the dashboard reads one
 * row instead of adding up the ledger. Changes add to the row (created on the first one), so
 * concurrent writers never lose each other's counts.
 */

export interface KolTotals extends CommissionTotals {
  payouts: number;
  invitees: number;
  paidInvitees: number;
}

export type KolTotalsChange = Partial<KolTotals>;

export const NO_KOL_TOTALS: KolTotals = {
  heldMinor: 0,
  openAdjustmentsMinor: 0,
  settledMinor: 0,
  lines: 0,
  payouts: 0,
  invitees: 0,
  paidInvitees: 0,
};

const COLUMNS = {
  heldMinor: 'held_minor',
  openAdjustmentsMinor: 'open_adjustments_minor',
  settledMinor: 'settled_minor',
  lines: 'commission_lines',
  payouts: 'payouts',
  invitees: 'invitees',
  paidInvitees: 'paid_invitees',
} as const satisfies Record<keyof KolTotals, string>;

type Column = (typeof COLUMNS)[keyof KolTotals];

/** Adds a change to an inviter's totals (inside the transaction of the change). */
export async function addToKolTotals(db: Db, kolId: number, change: KolTotalsChange) {
  const entries = (Object.keys(COLUMNS) as (keyof KolTotals)[])
    .map((key) => [COLUMNS[key], change[key] ?? 0] as const)
    .filter(([, delta]) => delta !== 0);
  if (entries.length === 0) return;
  const values = Object.fromEntries(entries) as Partial<Record<Column, number>>;
  await db
    .insertInto('kol_totals')
    .values({ kol_id: kolId, ...values })
    .onConflict((oc) =>
      oc
        .column('kol_id')
        .doUpdateSet((eb) =>
          Object.fromEntries(
            entries.map(([column, delta]) => [
              column,
              eb(eb.ref(`kol_totals.${column}`), '+', delta),
            ]),
          ),
        ),
    )
    .execute();
}

type TotalsRow = Record<Column, number | string | null>;

const fromRow = (row: TotalsRow): KolTotals =>
  Object.fromEntries(
    (Object.keys(COLUMNS) as (keyof KolTotals)[]).map((key) => [
      key,
      Number(row[COLUMNS[key]] ?? 0),
    ]),
  ) as unknown as KolTotals;

/** An inviter's kept totals (all zero before the first change). */
export async function findKolTotals(db: Db, kolId: number): Promise<KolTotals> {
  const row = await kolTotalsRows(db).where('kol_id', '=', kolId).executeTakeFirst();
  return row ? fromRow(row) : NO_KOL_TOTALS;
}

/** The kept totals of each inviter named, in one read (all zero for one without a row yet). */
export async function kolTotalsOf(
  db: Db,
  kolIds: readonly number[],
): Promise<Map<number, KolTotals>> {
  const rows =
    kolIds.length === 0 ? [] : await kolTotalsRows(db).where('kol_id', 'in', kolIds).execute();
  const found = new Map(rows.map((row) => [row.kol_id, fromRow(row)]));
  return new Map(kolIds.map((id) => [id, found.get(id) ?? NO_KOL_TOTALS]));
}

/** The kept totals rows, for another module's query to join; `keptOfRow` reads one. */
export const kolTotalsRows = (db: Db) => db.selectFrom('kol_totals').selectAll();

/** The totals and the line counter of a row of `kolTotalsRows` (missing or joined to nothing). */
export const keptOfRow = (
  row: (TotalsRow & { line_count: number | string | null }) | undefined,
): { totals: KolTotals; lineCount: number } => ({
  totals: row ? fromRow(row) : NO_KOL_TOTALS,
  lineCount: Number(row?.line_count ?? 0),
});

export interface TotalsDrift {
  kolId: number;
  kept: KolTotals;
  ledger: KolTotals;
}

/**
 * Every inviter whose kept totals differ from their totals recomputed from the ledger and the
 * invitees, both read from one snapshot (a change in flight is seen on both sides or neither).
 */
export async function kolTotalsDrift(
  db: Db,
  dialect: DialectName,
): Promise<{ checked: number; drift: TotalsDrift[] }> {
  const transaction = db.transaction();
  // SQLite's transactions are serialisable already.
  const snapshot =
    dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction;
  return snapshot.execute(async (trx) => {
    const [kept, recomputed] = await Promise.all([
      trx.selectFrom('kol_totals').selectAll().execute(),
      sql<TotalsRow & { kol_id: number }>`${sql.raw(LEDGER_TOTALS_SQL)}`.execute(trx),
    ]);
    const byKol = new Map<number, { kept: KolTotals; ledger: KolTotals }>();
    for (const row of kept) byKol.set(row.kol_id, { kept: fromRow(row), ledger: NO_KOL_TOTALS });
    for (const row of recomputed.rows) {
      const id = Number(row.kol_id);
      byKol.set(id, { kept: byKol.get(id)?.kept ?? NO_KOL_TOTALS, ledger: fromRow(row) });
    }
    const drift: TotalsDrift[] = [];
    for (const [kolId, { kept: k, ledger }] of byKol) {
      const same = (Object.keys(COLUMNS) as (keyof KolTotals)[]).every((c) => k[c] === ledger[c]);
      if (!same) drift.push({ kolId, kept: k, ledger });
    }
    return { checked: byKol.size, drift: drift.sort((a, b) => a.kolId - b.kolId) };
  });
}

/** Users whose users.paid_orders differs from their paid orders counted (what marks invitees). */
export const paidOrdersDrift = (db: Db) => keptCountDrift(db, 'paid_orders', PAID_ORDERS_SQL);

/**
 * A KOL's line counter (how many commissions and adjustments they have) one up for a line just
 * inserted, in its transaction after the KOL's ledger lock; returns the new count
 * (`inviters/ledger.ts` numberLine places the line).
 */
export async function takeLineNo(db: Db, kolId: number): Promise<number> {
  const row = await db
    .insertInto('kol_totals')
    .values({ kol_id: kolId, line_count: 1 })
    .onConflict((oc) =>
      oc
        .column('kol_id')
        .doUpdateSet((eb) => ({ line_count: eb(eb.ref('kol_totals.line_count'), '+', 1) })),
    )
    .returning('line_count')
    .executeTakeFirstOrThrow();
  return Number(row.line_count);
}

/**
 * Every KOL whose line counter is not their number of lines, or whose lines are not numbered
 * 1..n once each.
 */
export async function lineNumbersDrift(
  db: Db,
): Promise<{ kolId: number; kept: number; lines: number; top: number; numbers: number }[]> {
  const rows = await sql<{
    kol_id: number;
    line_count: number | string | null;
    lines: number | string | null;
    top: number | string | null;
    numbers: number | string | null;
  }>`
    select coalesce(t.kol_id, n.kol_id) as kol_id, t.line_count, n.lines, n.top, n.numbers
    from kol_totals as t full join (${sql.raw(LINE_NUMBERS_SQL)}) as n on n.kol_id = t.kol_id
    where coalesce(t.line_count, 0) <> coalesce(n.lines, 0)
      or coalesce(n.top, 0) <> coalesce(n.lines, 0) or coalesce(n.numbers, 0) <> coalesce(n.lines, 0)
    order by 1`.execute(db);
  return rows.rows.map((r) => ({
    kolId: Number(r.kol_id),
    kept: Number(r.line_count ?? 0),
    lines: Number(r.lines ?? 0),
    top: Number(r.top ?? 0),
    numbers: Number(r.numbers ?? 0),
  }));
}
