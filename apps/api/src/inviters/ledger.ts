import {
  type CommissionPurchaseType,
  CommissionState,
  commissionSummaryOfPending,
  commissionSummaryOfTotals,
  KOL_PAYOUT_THRESHOLD_MINOR,
  nextPayoutAt,
  nextPayoutAtOfFirst,
  type CommissionSummary,
  type CommissionTotals,
  type Commission,
  type CommissionAdjustment,
  type CommissionLedger,
} from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { KolAdjustmentsTable, KolCommissionsTable } from '../db/schema.ts';
import { kolTotalsOf, NO_KOL_TOTALS, takeLineNo } from './kol-totals-store.ts';

export type CommissionRow = Selectable<KolCommissionsTable>;
export type AdjustmentRow = Selectable<KolAdjustmentsTable>;

/**
 * The domain's commission ledger of a KOL, read from the tables. Orders are named by their
 * public id (the domain's orderId); payouts by their public id.
 */
export function toDomainCommission(
  row: CommissionRow,
  payoutIds: ReadonlyMap<number, string>,
): Commission {
  return {
    orderId: row.order_public_id,
    purchaseType: row.purchase_type as CommissionPurchaseType,
    ratePercent: row.rate_percent,
    paidMinor: row.paid_minor,
    amountMinor: row.amount_minor,
    currency: row.currency,
    earnedAt: row.earned_at,
    payableAt: row.payable_at,
    state: row.state as CommissionState,
    settledAt: row.settled_at,
    payoutId: row.payout_id === null ? null : (payoutIds.get(row.payout_id) ?? null),
    clawedBackAt: row.clawed_back_at,
  };
}

function toDomainAdjustment(
  row: AdjustmentRow & { order_public_id: string },
  payoutIds: ReadonlyMap<number, string>,
): CommissionAdjustment {
  return {
    orderId: row.order_public_id,
    amountMinor: row.amount_minor,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    payoutId: row.payout_id === null ? null : (payoutIds.get(row.payout_id) ?? null),
  };
}

export interface LoadedLedger {
  ledger: CommissionLedger;
  commissions: CommissionRow[];
}

/** Every commission and adjustment of one KOL. */
export async function loadLedger(db: Db, kolId: number): Promise<LoadedLedger> {
  const [commissions, adjustments, payouts] = await Promise.all([
    db
      .selectFrom('kol_commissions')
      .selectAll()
      .where('kol_id', '=', kolId)
      .orderBy('earned_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('kol_adjustments as a')
      .innerJoin('kol_commissions as c', 'c.id', 'a.commission_id')
      .selectAll('a')
      .select('c.order_public_id')
      .where('a.kol_id', '=', kolId)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute(),
    db.selectFrom('kol_payouts').select(['id', 'public_id']).where('kol_id', '=', kolId).execute(),
  ]);
  const payoutIds = new Map(payouts.map((p) => [p.id, p.public_id]));
  return {
    commissions,
    ledger: {
      commissions: commissions.map((c) => toDomainCommission(c, payoutIds)),
      adjustments: adjustments.map((a) => toDomainAdjustment(a, payoutIds)),
    },
  };
}

const heldNow = (db: Db, now: number) =>
  db
    .selectFrom('kol_commissions')
    .where('state', '=', CommissionState.PENDING)
    .where('settled_at', 'is', null)
    .where('payable_at', '>', now);

const inHolding = (db: Db, now: number) =>
  heldNow(db, now).select(['amount_minor as amountMinor', 'payable_at as payableAt']);

const heldRange = (db: Db, kolId: number, now: number) =>
  heldNow(db, now).where('kol_id', '=', kolId);

/**
 * Commissions still in their holding period (amount and its end), for the pending total and when
 * the next payout can happen: at most a holding period's worth of rows (an index range of
 * kol_commissions_summary_idx).
 */
export const commissionsInHolding = (db: Db, kolId: number, now: number) =>
  inHolding(db, now).where('kol_id', '=', kolId).execute();

/**
 * The summaries as of `now` of the KOLs named (the domain's `commissionSummary` of each one's
 * whole ledger gives the same), from their running totals and the commissions still in their
 * holding period: two reads however many KOLs.
 */
export async function summariesNow(
  db: Db,
  kolIds: readonly number[],
  now: number,
): Promise<Map<number, CommissionSummary>> {
  if (kolIds.length === 0) return new Map();
  const [totals, held] = await Promise.all([
    kolTotalsOf(db, kolIds),
    inHolding(db, now).select('kol_id').where('kol_id', 'in', kolIds).execute(),
  ]);
  const heldBy = Map.groupBy(held, (c) => c.kol_id);
  return new Map(
    kolIds.map((id) => [
      id,
      commissionSummaryOfTotals(
        totals.get(id) ?? NO_KOL_TOTALS,
        heldBy.get(id) ?? [],
        now,
        KOL_PAYOUT_THRESHOLD_MINOR,
      ),
    ]),
  );
}

/** How many of the commissions still held the summary reads, the first to leave their holding. */
export const FIRST_HELD = 100;

/**
 * The commissions still in their holding period as the summary needs them, from the index range
 * of kol_commissions_summary_idx in the order they leave it: their total, and the first `first`
 * of them (at least one), which mostly decide when the next payout can happen. The biggest KOL
 * holds thousands; the server no longer reads them all.
 */
export async function heldCommissions(db: Db, kolId: number, now: number, first = FIRST_HELD) {
  const rows = await heldRange(db, kolId, now)
    .select([
      'amount_minor as amountMinor',
      'payable_at as payableAt',
      // Computed once (it does not depend on the row), from the same range.
      heldRange(db, kolId, now)
        .select((eb) => eb.fn.sum<number | string>('amount_minor').as('s'))
        .as('pendingMinor'),
    ])
    // settled_at is null in all of them; PostgreSQL sorts unless the order names it as the index
    // does.
    .orderBy('settled_at')
    .orderBy('payable_at')
    .limit(Math.max(1, first))
    .execute();
  return {
    pendingMinor: Number(rows[0]?.pendingMinor ?? 0),
    first: rows.map((r) => ({ amountMinor: r.amountMinor, payableAt: r.payableAt })),
  };
}

/**
 * A KOL's summary as of `now` (the domain's `commissionSummary` of the whole ledger gives the
 * same) and when the next payout can happen, from the running totals and the commissions still
 * held; all of those are read only when the payout lies past the first `first` of them.
 */
export async function kolSummaryNow(
  db: Db,
  kolId: number,
  totals: CommissionTotals | Promise<CommissionTotals>,
  now: number,
  first = FIRST_HELD,
): Promise<{ summary: CommissionSummary; nextPayoutAt: number | null }> {
  const [held, kept] = await Promise.all([heldCommissions(db, kolId, now, first), totals]);
  const summary = commissionSummaryOfPending(kept, held.pendingMinor, KOL_PAYOUT_THRESHOLD_MINOR);
  const payout = {
    payableMinor: summary.payableMinor,
    now,
    thresholdMinor: summary.thresholdMinor,
  };
  const next =
    nextPayoutAtOfFirst({ ...payout, pendingMinor: held.pendingMinor, first: held.first }) ??
    nextPayoutAt({ ...payout, pending: await commissionsInHolding(db, kolId, now) });
  return { summary, nextPayoutAt: next };
}

/**
 * A commission shows as settled while it belongs to a payout, also after a clawback (the adjustment
 * offsets it).
 */
export const isListed = (row: Pick<CommissionRow, 'state' | 'settled_at'>) =>
  row.state !== CommissionState.CLAWED_BACK || row.settled_at !== null;

/**
 * Commission of every KOL not yet settled nor clawed back, per currency: `due` false for what is
 * still held at `now`, true for what is payable.
 */
export async function unsettledCommissionSums(db: Db, now: number, due: boolean) {
  const rows = await db
    .selectFrom('kol_commissions')
    .select(['currency', (eb) => eb.fn.sum<number>('amount_minor').as('amount')])
    .where('state', '=', CommissionState.PENDING)
    .where('payable_at', due ? '<=' : '>', now)
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) }));
}

/**
 * Numbers a line just inserted (commission or adjustment `id`, dated `at`) among its KOL's lines
 * in the commission tab's order (time, adjustments after commissions of the same time, id), inside
 * the inserting transaction after the KOL's ledger lock: the next number, unless lines dated later
 * (a clock behind, a transaction that waited for the lock) or an adjustment of the same time are
 * there already; those few move up one. So the numbers stay dense and in the tab's order.
 */
export async function numberLine(
  db: Db,
  kolId: number,
  line: { id: number; at: number; adjustment: boolean },
) {
  const count = await takeLineNo(db, kolId);
  const [commissionsAfter, adjustmentsAfter] = await Promise.all([
    db
      .selectFrom('kol_commissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kol_id', '=', kolId)
      .where('earned_at', '>', line.at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('kol_adjustments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kol_id', '=', kolId)
      .where('created_at', line.adjustment ? '>' : '>=', line.at)
      .where('id', '!=', line.adjustment ? line.id : 0)
      .executeTakeFirstOrThrow(),
  ]);
  const lineNo = count - Number(commissionsAfter.n) - Number(adjustmentsAfter.n);
  if (lineNo < count)
    for (const table of ['kol_commissions', 'kol_adjustments'] as const)
      await db
        .updateTable(table)
        .set((eb) => ({ line_no: eb(eb.ref('line_no'), '+', 1) }))
        .where('kol_id', '=', kolId)
        .where('line_no', '>=', lineNo)
        .execute();
  await db
    .updateTable(line.adjustment ? 'kol_adjustments' : 'kol_commissions')
    .set({ line_no: lineNo })
    .where('id', '=', line.id)
    .execute();
}
