import { cappedTotal, SEARCH_TOTAL_CAP } from '@nimbus/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './database.ts';

/**
 * A console search's total (domain cappedTotal): the rows `matches` (a query without a select)
 * finds, counted up to one past SEARCH_TOTAL_CAP, so the count reads at most that many index
 * entries however many rows match: `select count(*) from (select 1 ... limit 10001)`.
 * Where a filter matches most of a table, give `matches` the list's order: PostgreSQL then walks
 * the page's index alone (index-only) instead of a sequential scan its estimates rate cheaper
 * (the `system` actor's audit rows, finished group buys on the scale data set: 104 and 205 heap
 * pages read against 40 and 49 index pages).
 */
export async function cappedCount<TB extends string, O>(
  db: Db,
  matches: SelectQueryBuilder<Database, TB & keyof Database, O>,
): Promise<{ total: number; totalCapped: boolean }> {
  const row = await db
    .selectFrom(
      matches
        .select(sql<number>`1`.as('one'))
        .limit(SEARCH_TOTAL_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return cappedTotal(Number(row.n));
}

/** A console list's page (`rows`, running) and its total counted up to the cap, read together. */
export async function withCappedCount<TB extends string, O, R>(
  db: Db,
  matches: SelectQueryBuilder<Database, TB & keyof Database, O>,
  rows: Promise<R[]>,
): Promise<{ rows: R[]; total: number; totalCapped: boolean }> {
  const [page, count] = await Promise.all([rows, cappedCount(db, matches)]);
  return { rows: page, ...count };
}
