import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The counts kept on the account row: `users.order_count` (every order the user placed, the order
 * history's total) and `users.paid_orders` (paid orders above zero, which make a user a paid
 * invitee of their inviter). Each moves in the transaction of what it counts; the drift checks
 * recount them from the orders for `pnpm ops kol check-totals`.
 */

/** Each user's orders counted (rows of `user_id, n`), as order_count keeps them. */
const ORDER_COUNT_SQL = 'select user_id, count(*) as n from orders group by user_id';

/** Counts a new order of the user (users.order_count), in the transaction that inserts it. */
export async function countNewOrder(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ order_count: eb('order_count', '+', 1) }))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** How many orders the user has, as kept by countNewOrder (order history's total). */
export async function orderCountOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('order_count')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.order_count ?? 0;
}

/** Users whose users.order_count differs from their orders counted. */
export const orderCountDrift = (db: Db) => keptCountDrift(db, 'order_count', ORDER_COUNT_SQL);

/**
 * Users whose count kept in a users column differs from the same count taken by `countSql`
 * (rows of `user_id, n`; a user without a row counts 0), for `pnpm ops kol check-totals`.
 */
export async function keptCountDrift(
  db: Db,
  column: 'order_count' | 'paid_orders',
  countSql: string,
): Promise<{ userId: number; kept: number; orders: number }[]> {
  const kept = sql.ref(`u.${column}`);
  const rows = await sql<{ id: number; kept: number; n: number | string | null }>`
    select u.id, ${kept} as kept, c.n from users as u
    left join (${sql.raw(countSql)}) as c on c.user_id = u.id
    where ${kept} <> coalesce(c.n, 0)
    order by u.id`.execute(db);
  return rows.rows.map((r) => ({ userId: r.id, kept: r.kept, orders: Number(r.n ?? 0) }));
}

/**
 * Counts one more (delta 1) or one fewer (delta -1) paid order of a user, in the transaction of
 * the order's status change; answers the count after it (concurrent changes add up, each sees
 * its own result).
 */
export async function countPaidOrder(
  db: Db,
  userId: number,
  delta: 1 | -1,
): Promise<{ paidOrders: number; inviterId: number | null }> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ paid_orders: eb('paid_orders', '+', delta) }))
    .where('id', '=', userId)
    .returning(['paid_orders', 'inviter_id'])
    .executeTakeFirstOrThrow();
  return { paidOrders: row.paid_orders, inviterId: row.inviter_id };
}
