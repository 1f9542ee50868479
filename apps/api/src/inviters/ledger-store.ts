import { CommissionState } from '@nimbus/domain';
import { sql, type Expression, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import { deferredPage } from '../db/deferred-page.ts';
import type { KolAdjustmentsTable, KolCommissionsTable, KolPayoutsTable } from '../db/schema.ts';

/**
 * The KOLs' ledger tables: `kol_commissions` (one per paid order of a referred user),
 * `kol_adjustments` (a clawback of a commission already paid out) and `kol_payouts`. Every change
 * of a KOL's ledger runs in a transaction after the KOL's user lock (the callers take it:
 * commission-hooks.ts, manage-kols.ts); the domain's ledger of the rows is ledger.ts.
 */

export type CommissionRow = Selectable<KolCommissionsTable>;
export type AdjustmentRow = Selectable<KolAdjustmentsTable>;
export type PayoutRow = Selectable<KolPayoutsTable>;

/** The records' dates asked for: from (inclusive) to (exclusive), UTC ms. */
export interface DateRange {
  from: number;
  to: number;
}

// Commissions.

/** Every commission of one KOL, oldest first. */
export const commissionsOf = (db: Db, kolId: number): Promise<CommissionRow[]> =>
  db
    .selectFrom('kol_commissions')
    .selectAll()
    .where('kol_id', '=', kolId)
    .orderBy('earned_at')
    .orderBy('id')
    .execute();

/** The commission of an order (one at most: the order id is unique). */
export const findCommissionOfOrder = (
  db: Db,
  orderId: number,
): Promise<CommissionRow | undefined> =>
  db.selectFrom('kol_commissions').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** The KOL who earned the commission of an order; undefined when the order earned none. */
export async function commissionKolOfOrder(db: Db, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('kol_commissions')
    .select('kol_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.kol_id;
}

/**
 * Inserts a commission (its line number is placed next, `numberLine`); its id, undefined when the
 * order has one already.
 */
export async function insertCommission(
  db: Db,
  commission: Insertable<KolCommissionsTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('kol_commissions')
    .values(commission)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Marks a commission clawed back (its order was refunded). */
export async function markCommissionClawedBack(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('kol_commissions')
    .set({ state: CommissionState.CLAWED_BACK, clawed_back_at: now })
    .where('id', '=', id)
    .execute();
}

/** Settles a KOL's commissions of the orders named (public ids, not empty) in a payout. */
export async function settleCommissions(
  db: Db,
  kolId: number,
  orderPublicIds: readonly string[],
  payout: { id: number; now: number },
): Promise<void> {
  await db
    .updateTable('kol_commissions')
    .set({ state: CommissionState.SETTLED, settled_at: payout.now, payout_id: payout.id })
    .where('kol_id', '=', kolId)
    .where('order_public_id', 'in', orderPublicIds)
    .execute();
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

/** The commissions still in their holding period of each KOL named (not empty), with the KOL. */
export const commissionsInHoldingOf = (db: Db, kolIds: readonly number[], now: number) =>
  inHolding(db, now).select('kol_id').where('kol_id', 'in', kolIds).execute();

/**
 * The commissions still in their holding period as the summary needs them, from the index range
 * of kol_commissions_summary_idx in the order they leave it: their total, and the first `first`
 * of them (at least one), which mostly decide when the next payout can happen. The biggest KOL
 * holds thousands; the server no longer reads them all.
 */
export async function heldCommissions(db: Db, kolId: number, now: number, first: number) {
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
 * The commissions of a KOL (`kolId`, the outer query's column) payable at `now` and not yet paid
 * out, as a correlated subquery for the console's `exists` filter.
 */
export const payableCommissionsOf = (db: Db, kolId: Expression<number>, now: number) =>
  db
    .selectFrom('kol_commissions as c')
    .select('c.id')
    .where('c.kol_id', '=', kolId)
    .where('c.settled_at', 'is', null)
    .where((w) =>
      w.or([
        w('c.state', '=', CommissionState.PAYABLE),
        w.and([w('c.state', '=', CommissionState.PENDING), w('c.payable_at', '<=', now)]),
      ]),
    );

/** A KOL's latest commissions, newest first. */
export const latestCommissions = (db: Db, kolId: number, limit: number) =>
  db
    .selectFrom('kol_commissions')
    .where('kol_id', '=', kolId)
    .selectAll()
    .orderBy('earned_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** How many commissions a KOL has (clawed back ones too). */
export const commissionCount = (db: Db, kolId: number): Promise<{ n: number }> =>
  db
    .selectFrom('kol_commissions')
    .where('kol_id', '=', kolId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

// Adjustments.

/** Every adjustment of one KOL, oldest first, with its commission's order (public id). */
export const adjustmentsOf = (db: Db, kolId: number) =>
  db
    .selectFrom('kol_adjustments as a')
    .innerJoin('kol_commissions as c', 'c.id', 'a.commission_id')
    .selectAll('a')
    .select('c.order_public_id')
    .where('a.kol_id', '=', kolId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();

/**
 * Inserts an adjustment (its line number is placed next, `numberLine`); its id, undefined when the
 * order has one already.
 */
export async function insertAdjustment(
  db: Db,
  adjustment: Insertable<KolAdjustmentsTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('kol_adjustments')
    .values(adjustment)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * Settles a KOL's open adjustments of the commissions of the orders named (public ids, not empty)
 * in a payout.
 */
export async function settleAdjustments(
  db: Db,
  kolId: number,
  orderPublicIds: readonly string[],
  payout: { id: number; now: number },
): Promise<void> {
  const commissionIds = db
    .selectFrom('kol_commissions')
    .select('id')
    .where('kol_id', '=', kolId)
    .where('order_public_id', 'in', orderPublicIds);
  await db
    .updateTable('kol_adjustments')
    .set({ settled_at: payout.now, payout_id: payout.id })
    .where('kol_id', '=', kolId)
    .where('settled_at', 'is', null)
    .where('commission_id', 'in', commissionIds)
    .execute();
}

// Line numbers of the commission tab (commissions and adjustments; migration 0026).

/** How many of a KOL's commissions were earned after `at`. */
export const commissionsEarnedAfter = (db: Db, kolId: number, at: number): Promise<{ n: number }> =>
  db
    .selectFrom('kol_commissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kol_id', '=', kolId)
    .where('earned_at', '>', at)
    .executeTakeFirstOrThrow();

/**
 * How many of a KOL's adjustments come after a line dated `at` in the tab's order: dated later,
 * and for a commission's line also those of the same time (the adjustment `id` itself left out).
 */
export const adjustmentsAfter = (
  db: Db,
  kolId: number,
  line: { id: number; at: number; adjustment: boolean },
): Promise<{ n: number }> =>
  db
    .selectFrom('kol_adjustments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kol_id', '=', kolId)
    .where('created_at', line.adjustment ? '>' : '>=', line.at)
    .where('id', '!=', line.adjustment ? line.id : 0)
    .executeTakeFirstOrThrow();

/** Moves a KOL's lines numbered `lineNo` and above up one (commissions, then adjustments). */
export async function moveLinesUp(db: Db, kolId: number, lineNo: number): Promise<void> {
  for (const table of ['kol_commissions', 'kol_adjustments'] as const)
    await db
      .updateTable(table)
      .set((eb) => ({ line_no: eb(eb.ref('line_no'), '+', 1) }))
      .where('kol_id', '=', kolId)
      .where('line_no', '>=', lineNo)
      .execute();
}

/** Gives a commission's or an adjustment's line its number. */
export async function setLineNo(
  db: Db,
  line: { id: number; adjustment: boolean },
  lineNo: number,
): Promise<void> {
  await db
    .updateTable(line.adjustment ? 'kol_adjustments' : 'kol_commissions')
    .set({ line_no: lineNo })
    .where('id', '=', line.id)
    .execute();
}

/**
 * The line numbers of a KOL's commissions clawed back before payout: not listed in the tab (few;
 * kol_commissions_gap_idx).
 */
export async function unlistedLineNos(db: Db, kolId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('kol_commissions')
    .select('line_no')
    .where('kol_id', '=', kolId)
    .where('state', '=', CommissionState.CLAWED_BACK)
    .where('settled_at', 'is', null)
    .execute();
  return rows.map((r) => r.line_no);
}

// The dashboard's commission tab: each commission listed (not clawed back before payout) and each
// adjustment, as lines of one shape.

/** The tab's commission lines of a KOL (those listed), dated in `range` when one is given. */
const commissionLines = (db: Db, kolId: number, range?: DateRange) => {
  const lines = db
    .selectFrom('kol_commissions as c')
    .select([
      'c.id',
      'c.referred_user_id',
      'c.group_type',
      'c.duration_days',
      'c.paid_minor',
      'c.currency',
      'c.purchase_type',
      'c.rate_percent',
      'c.amount_minor',
      'c.settled_at',
      'c.earned_at as at',
      'c.line_no',
      sql<number>`0`.as('adjustment'),
    ])
    .where('c.kol_id', '=', kolId)
    .where((eb) =>
      eb.or([eb('c.state', '!=', CommissionState.CLAWED_BACK), eb('c.settled_at', 'is not', null)]),
    );
  return range === undefined
    ? lines
    : lines.where('c.earned_at', '>=', range.from).where('c.earned_at', '<', range.to);
};

/** The tab's adjustment lines (clawbacks after payout) of a KOL, dated in `range` when given. */
const adjustmentLines = (db: Db, kolId: number, range?: DateRange) => {
  const lines = db
    .selectFrom('kol_adjustments as a')
    .innerJoin('kol_commissions as c', 'c.id', 'a.commission_id')
    .select([
      'a.id',
      'c.referred_user_id',
      'c.group_type',
      'c.duration_days',
      'c.paid_minor',
      'a.currency',
      'c.purchase_type',
      'c.rate_percent',
      'a.amount_minor',
      'a.settled_at',
      'a.created_at as at',
      'a.line_no',
      sql<number>`1`.as('adjustment'),
    ])
    .where('a.kol_id', '=', kolId);
  return range === undefined
    ? lines
    : lines.where('a.created_at', '>=', range.from).where('a.created_at', '<', range.to);
};

/**
 * A page of the tab's lines dated in a range, newest first: among the first offset + limit lines
 * of each kind, each read newest first from its (kol_id, time) index and stopped there; only
 * those few are merged and sorted (never all of a KOL's lines, which PostgreSQL sorted whole for a
 * union).
 */
export function tabLinesInRange(
  db: Db,
  kolId: number,
  range: DateRange,
  page: { offset: number; limit: number },
) {
  const upTo = page.offset + page.limit;
  const firstLines = db
    .selectFrom(
      commissionLines(db, kolId, range)
        .orderBy('c.earned_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(upTo)
        .as('fc'),
    )
    .selectAll()
    .unionAll(
      db
        .selectFrom(
          adjustmentLines(db, kolId, range)
            .orderBy('a.created_at', 'desc')
            .orderBy('a.id', 'desc')
            .limit(upTo)
            .as('fa'),
        )
        .selectAll(),
    );
  return db
    .selectFrom(firstLines.as('l'))
    .selectAll()
    .orderBy('l.at', 'desc')
    .orderBy('l.adjustment', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many of the tab's lines are dated in a range. */
export const tabLineCountInRange = (
  db: Db,
  kolId: number,
  range: DateRange,
): Promise<{ n: number }> =>
  db
    .selectFrom(
      commissionLines(db, kolId, range)
        .unionAll(adjustmentLines(db, kolId, range))
        .as('l'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

/**
 * The tab's lines of the whole record numbered `oldest`..`newest`, newest first, read from each
 * table's (kol_id, line_no) index.
 */
export const tabLinesNumbered = (db: Db, kolId: number, oldest: number, newest: number) =>
  db
    .selectFrom(
      commissionLines(db, kolId)
        .where('c.line_no', '>=', oldest)
        .where('c.line_no', '<=', newest)
        .unionAll(
          adjustmentLines(db, kolId)
            .where('a.line_no', '>=', oldest)
            .where('a.line_no', '<=', newest),
        )
        .as('l'),
    )
    .selectAll()
    .orderBy('l.line_no', 'desc')
    .execute();

// Payouts.

/** Inserts a payout; its id (the transaction hash, when given, is unique). */
export async function insertPayout(db: Db, payout: Insertable<KolPayoutsTable>): Promise<number> {
  const row = await db
    .insertInto('kol_payouts')
    .values(payout)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row ids and public ids of a KOL's payouts. */
export const payoutIdsOf = (db: Db, kolId: number) =>
  db.selectFrom('kol_payouts').select(['id', 'public_id']).where('kol_id', '=', kolId).execute();

/** A payout by its public id (it exists: just recorded). */
export const payoutByPublicId = (db: Db, publicId: string): Promise<PayoutRow> =>
  db
    .selectFrom('kol_payouts')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();

const payoutsInRange = (db: Db, kolId: number, range: DateRange) =>
  db
    .selectFrom('kol_payouts')
    .where('kol_id', '=', kolId)
    .where('paid_at', '>=', range.from)
    .where('paid_at', '<', range.to);

/**
 * A page of a KOL's payouts made in a range, newest first: the page's ids come from the index
 * (kol_id, paid_at, id) alone (a deferred join); only the page's payouts are read.
 */
export const payoutsPage = (
  db: Db,
  kolId: number,
  range: DateRange,
  page: { offset: number; limit: number },
) =>
  deferredPage(
    db,
    payoutsInRange(db, kolId, range).select(['id', 'paid_at']),
    { desc: ['paid_at', 'id'] },
    page,
  )
    .innerJoin('kol_payouts as k', 'k.id', 'p.id')
    .selectAll('k')
    .execute();

/** How many payouts a KOL had in a range. */
export const payoutCountInRange = (
  db: Db,
  kolId: number,
  range: DateRange,
): Promise<{ n: number }> =>
  payoutsInRange(db, kolId, range)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

/** A KOL's latest payouts, newest first. */
export const latestPayouts = (db: Db, kolId: number, limit: number) =>
  db
    .selectFrom('kol_payouts')
    .where('kol_id', '=', kolId)
    .selectAll()
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** How many payouts a KOL had. */
export const payoutCount = (db: Db, kolId: number): Promise<{ n: number }> =>
  db
    .selectFrom('kol_payouts')
    .where('kol_id', '=', kolId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
