import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Running totals, so the KOL dashboard never adds up a whole ledger (src/inviters/README.md):
 * - users.paid_orders: how many of the user's orders are paid now (amount above zero), kept by
 *   the order lifecycle; above zero marks an invitee as paid;
 * - kol_totals: per inviter (every KOL is one), the ledger's running totals (commissions held,
 *   open adjustments, net paid out, the commission tab's lines, payouts) and the invite counts
 *   (invitees, paid invitees), each changed in the transaction of the change it counts.
 * Both are filled from the rows already there (`KOL_TOTALS_BACKFILL`, which the scale seeder
 * runs too); `pnpm ops kol check-totals` recomputes them and reports any drift.
 */
export function kolTotalsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('paid_orders', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('kol_totals')
        .addColumn('kol_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('held_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('open_adjustments_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('settled_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('commission_lines', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('payouts', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('invitees', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('paid_invitees', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const statement of KOL_TOTALS_BACKFILL) await sql.raw(statement).execute(db);
    },
  };
}

const TOTALS_COLUMNS =
  'held_minor, open_adjustments_minor, settled_minor, commission_lines, payouts, invitees, paid_invitees';

/**
 * Every inviter's totals summed from the ledger and the invitees (the same in both dialects):
 * what kol_totals must hold. `src/inviters/kol-totals-store.ts` reads it to check the kept totals.
 */
export const LEDGER_TOTALS_SQL = `select kol_id, sum(held_minor) as held_minor,
  sum(open_adjustments_minor) as open_adjustments_minor, sum(settled_minor) as settled_minor,
  sum(commission_lines) as commission_lines, sum(payouts) as payouts, sum(invitees) as invitees,
  sum(paid_invitees) as paid_invitees
from (
  select kol_id,
    case when state = 'pending' then amount_minor else 0 end as held_minor,
    0 as open_adjustments_minor,
    case when settled_at is null then 0 else amount_minor end as settled_minor,
    case when state <> 'clawed_back' or settled_at is not null then 1 else 0 end as commission_lines,
    0 as payouts, 0 as invitees, 0 as paid_invitees
  from kol_commissions
  union all
  select kol_id, 0, case when settled_at is null then amount_minor else 0 end,
    case when settled_at is null then 0 else amount_minor end, 1, 0, 0, 0
  from kol_adjustments
  union all
  select kol_id, 0, 0, 0, 0, 1, 0, 0 from kol_payouts
  union all
  select inviter_id, 0, 0, 0, 0, 0, 1, case when paid_orders > 0 then 1 else 0 end
  from users where inviter_id is not null
) as ledger
group by kol_id`;

/** Each user's paid orders counted from the orders (what users.paid_orders must hold). */
export const PAID_ORDERS_SQL = `select user_id, count(*) as n from orders
where status = 'paid' and amount_minor > 0 group by user_id`;

/** Fills users.paid_orders and kol_totals from the rows there (both dialects). */
export const KOL_TOTALS_BACKFILL = [
  `update users set paid_orders = p.n from (${PAID_ORDERS_SQL}) as p where users.id = p.user_id`,
  `insert into kol_totals (kol_id, ${TOTALS_COLUMNS}) ${LEDGER_TOTALS_SQL}`,
];
