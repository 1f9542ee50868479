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
import type { Db } from '../db/database.ts';
import { kolTotalsOf, NO_KOL_TOTALS, takeLineNo } from './kol-totals-store.ts';
import {
  adjustmentsAfter,
  adjustmentsOf,
  commissionsEarnedAfter,
  commissionsInHolding,
  commissionsInHoldingOf,
  commissionsOf,
  heldCommissions,
  moveLinesUp,
  payoutIdsOf,
  setLineNo,
  type AdjustmentRow,
  type CommissionRow,
} from './ledger-store.ts';

/**
 * A KOL's ledger as the domain sees it, from the rows of ledger-store.ts: the whole ledger, the
 * summary from the running totals, and the line numbers of the commission tab.
 */

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
    commissionsOf(db, kolId),
    adjustmentsOf(db, kolId),
    payoutIdsOf(db, kolId),
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
    commissionsInHoldingOf(db, kolIds, now),
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
  const [commissions, adjustments] = await Promise.all([
    commissionsEarnedAfter(db, kolId, line.at),
    adjustmentsAfter(db, kolId, line),
  ]);
  const lineNo = count - Number(commissions.n) - Number(adjustments.n);
  if (lineNo < count) await moveLinesUp(db, kolId, lineNo);
  await setLineNo(db, line, lineNo);
}
