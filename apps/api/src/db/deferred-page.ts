import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * A list's page by a deferred join: the page's keys come first from `keys` (the list's filter
 * selecting the id to join on and the order's columns, so one index can answer it alone, skipping
 * the earlier pages inside the index), as the subquery `p`, in the order given; the caller joins
 * only the page's rows to `p` and selects them, and the outer query keeps `p`'s order:
 * `select ... from (select id, created_at from ... order by created_at desc, id desc limit ?
 * offset ?) as p inner join ... order by p.created_at desc, p.id desc`.
 */
export function deferredPage<
  DB extends Database,
  TB extends keyof DB,
  O,
  K extends StringReference<DB, TB> & string,
>(
  db: Db,
  keys: SelectQueryBuilder<DB, TB, O>,
  order: { desc: readonly K[] } | { asc: readonly K[] },
  page: { offset: number; limit: number },
) {
  const [by, desc] = 'desc' in order ? [order.desc, true] : [order.asc, false];
  let inner = keys;
  for (const key of by) inner = desc ? inner.orderBy(key, 'desc') : inner.orderBy(key);
  let outer = db.selectFrom(inner.limit(page.limit).offset(page.offset).as('p'));
  for (const key of by) {
    // The same column in `p`, by its name without the table's.
    const ref = sql.ref(`p.${key.slice(key.lastIndexOf('.') + 1)}`);
    outer = desc ? outer.orderBy(ref, 'desc') : outer.orderBy(ref);
  }
  return outer;
}
