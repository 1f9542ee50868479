import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The commission tab's lines numbered: each commission and adjustment of a KOL gets `line_no`,
 * 1, 2, ... per KOL in the tab's order (oldest first), from the counter `kol_totals.line_count`
 * taken in the transaction that inserts the line (under the KOL's ledger lock), so a page of the
 * tab is an index range of (kol_id, line_no) in each table instead of offset + limit lines of
 * each kind read and merged (the last page of the biggest KOL read ~122,000). Lines are never
 * deleted; a commission clawed back before payout stays numbered but is not listed (a gap the
 * tab skips, `kol_commissions_gap_idx`). Filled from the lines there (`LINE_NO_BACKFILL`, which
 * the scale seeder runs too); `pnpm ops kol check-totals` reports a counter or numbering that
 * drifted.
 */
export function kolLineNumbersMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      for (const table of ['kol_commissions', 'kol_adjustments'])
        await db.schema
          .alterTable(table)
          .addColumn('line_no', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      await db.schema
        .alterTable('kol_totals')
        .addColumn('line_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const statement of LINE_NO_BACKFILL) await sql.raw(statement).execute(db);
      await db.schema
        .createIndex('kol_commissions_line_idx')
        .on('kol_commissions')
        .columns(['kol_id', 'line_no'])
        .execute();
      await db.schema
        .createIndex('kol_adjustments_line_idx')
        .on('kol_adjustments')
        .columns(['kol_id', 'line_no'])
        .execute();
      await db.schema
        .createIndex('kol_commissions_gap_idx')
        .on('kol_commissions')
        .columns(['kol_id', 'state', 'settled_at', 'line_no'])
        .execute();
    },
  };
}

/** Every line of every KOL (id, kol_id, adjustment 0/1) numbered in the tab's order. */
const NUMBERED_LINES_SQL = `select id, kol_id, adjustment,
  row_number() over (partition by kol_id order by at, adjustment, id) as line_no
from (
  select id, kol_id, earned_at as at, 0 as adjustment from kol_commissions
  union all
  select id, kol_id, created_at, 1 from kol_adjustments
) as lines`;

/** Each KOL's lines: how many, the highest number and how many distinct numbers. */
export const LINE_NUMBERS_SQL = `select kol_id, count(*) as lines, max(line_no) as top,
  count(distinct line_no) as numbers
from (
  select kol_id, line_no from kol_commissions
  union all
  select kol_id, line_no from kol_adjustments
) as lines
group by kol_id`;

/** Numbers the lines there and sets each KOL's counter (both dialects). */
export const LINE_NO_BACKFILL = [
  `update kol_commissions set line_no = n.line_no from (${NUMBERED_LINES_SQL}) as n
   where n.adjustment = 0 and kol_commissions.id = n.id`,
  `update kol_adjustments set line_no = n.line_no from (${NUMBERED_LINES_SQL}) as n
   where n.adjustment = 1 and kol_adjustments.id = n.id`,
  `update kol_totals set line_count = n.lines from (${LINE_NUMBERS_SQL}) as n
   where kol_totals.kol_id = n.kol_id`,
];
