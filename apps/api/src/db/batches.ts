import { PostgresAdapter } from 'kysely';
import type { Db } from './database.ts';

/** Bound parameters per statement: SQLite's default limit, and PostgreSQL's. */
const SQLITE_PARAMS = 999;
const POSTGRES_PARAMS = 65_535;
/** Rows per statement at most on PostgreSQL: a node's report (2,000 members) in one. */
const ROWS_MAX = 5_000;

/**
 * How many rows (or ids) of `paramsPerRow` bound parameters one statement may carry on this
 * database: about 999 / n on SQLite, up to 5,000 on PostgreSQL, where every statement is a
 * round trip to another process and fewer, larger ones cost less.
 */
export function rowsPerStatement(db: Db, paramsPerRow: number): number {
  const limit =
    db.getExecutor().adapter instanceof PostgresAdapter ? POSTGRES_PARAMS : SQLITE_PARAMS;
  // A few parameters of the statement's own (a day, a status) stay free.
  return Math.max(1, Math.min(ROWS_MAX, Math.floor((limit - 9) / paramsPerRow)));
}
