import {
  CommissionPurchaseType,
  CommissionState,
  type Commission,
  type CommissionAdjustment,
  type CommissionLedger,
} from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { KolAdjustmentsTable, KolCommissionsTable } from '../db/schema.ts';

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

/**
 * A KOL's ledger folded by the database into one line per (state, settled, due) group and one
 * per (settled) group of adjustments, each with the group's total: the domain's
 * `commissionSummary` adds up amounts by exactly those properties, so it answers the same
 * totals from these few lines as from every row, without the server reading every commission
 * of a large KOL (an index-only scan of kol_commissions_summary_idx).
 */
export async function loadLedgerTotals(
  db: Db,
  kolId: number,
  now: number,
): Promise<CommissionLedger> {
  const [commissions, adjustments] = await Promise.all([
    db
      .selectFrom('kol_commissions')
      .select((eb) => [
        'state',
        eb.case().when('settled_at', 'is', null).then(0).else(1).end().as('settled'),
        eb.case().when('payable_at', '<=', now).then(1).else(0).end().as('due'),
        eb.fn.sum<number | string>('amount_minor').as('total'),
      ])
      .where('kol_id', '=', kolId)
      .groupBy(['state', 'settled', 'due'])
      .execute(),
    db
      .selectFrom('kol_adjustments')
      .select((eb) => [
        eb.case().when('settled_at', 'is', null).then(0).else(1).end().as('settled'),
        eb.fn.sum<number | string>('amount_minor').as('total'),
      ])
      .where('kol_id', '=', kolId)
      .groupBy('settled')
      .execute(),
  ]);
  return {
    commissions: commissions.map((g, i) => ({
      orderId: `group-${i}`,
      purchaseType: CommissionPurchaseType.FIRST_PURCHASE,
      ratePercent: 0,
      paidMinor: 0,
      amountMinor: Number(g.total),
      currency: 'USD',
      earnedAt: 0,
      payableAt: Number(g.due) === 1 ? now : now + 1,
      state: g.state as CommissionState,
      settledAt: Number(g.settled) === 1 ? now : null,
      payoutId: null,
      clawedBackAt: null,
    })),
    adjustments: adjustments.map((g, i) => ({
      orderId: `group-${i}`,
      amountMinor: Number(g.total),
      createdAt: 0,
      settledAt: Number(g.settled) === 1 ? now : null,
      payoutId: null,
    })),
  };
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
