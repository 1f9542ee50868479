import { ErrorCode } from '@nimbus/api-sdk/contract';
import { OrderStatus } from '@nimbus/domain';
import {
  sql,
  type Insertable,
  type Selectable,
  type OperandExpression,
  type Updateable,
} from 'kysely';
import { withCappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { deferredPage } from '../db/deferred-page.ts';
import { dayNumber } from '../db/day-number.ts';
import type { DialectName } from '../db/dialect.ts';
import { retryAborted } from '../db/retry.ts';
import type { OrdersTable } from '../db/schema.ts';
import { Refusal } from '../errors/refusal.ts';
import { countNewOrder, lockUsers } from '../accounts/index.ts';

/**
 * The `orders` table: every read and write of an order row goes through here. What an order
 * means (its lifecycle, hooks, refunds) is in lifecycle.ts and order-hooks.ts.
 */
export type OrderRow = Selectable<OrdersTable>;

/** How an order is found: its row id, its public id, or one of its unique keys. */
export type OrderKey =
  | { id: number }
  | { publicId: string }
  | { userId: number; publicId: string }
  | { userId: number; idempotencyKey: string }
  | { provider: string; paymentRef: string };

export async function findOrder(db: Db, key: OrderKey): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll();
  if ('id' in key) query = query.where('id', '=', key.id);
  if ('publicId' in key) query = query.where('public_id', '=', key.publicId);
  if ('userId' in key) query = query.where('user_id', '=', key.userId);
  if ('idempotencyKey' in key) query = query.where('idempotency_key', '=', key.idempotencyKey);
  if ('paymentRef' in key)
    query = query.where('provider', '=', key.provider).where('payment_ref', '=', key.paymentRef);
  return query.executeTakeFirst();
}

/**
 * The users beside its buyer whose rows a status change of an order may write (the buyer's
 * inviter, a group's members): OrderHooks.party knows them from the order's kind and hooks.
 */
export type OrderParty = (db: Db, order: OrderRow) => Promise<readonly number[]>;

/**
 * Reads an order and, on PostgreSQL, locks its row until the transaction ends, after its buyer's
 * user row and, with `party`, the rows of every other user the change may write, all users in
 * ascending id order: the one lock order of every transaction that changes orders
 * (docs/architecture.md, "Row locks, one order"). Users come first because a purchase locks the
 * buyer before their earlier orders (it replaces them), while a payment of one of those orders
 * goes on to the buyer's membership, its inviter's reward and, filling a group, the other
 * members' membership; each of those users may be, at the same moment, the buyer of another
 * order whose change runs the other way. Taken in opposite order, one of the two would be
 * aborted (40P01). An order's buyer, kind and group never change, so they are read before the
 * locks. A change that only closes an unpaid order writes no other user: it needs no `party`. A
 * row inserted in the same transaction needs no lock (no other transaction sees it before the
 * commit): read it with findOrder.
 */
export async function lockOrder(
  trx: Db,
  dialect: DialectName,
  key: { id: number } | { publicId: string },
  party?: OrderParty,
): Promise<OrderRow | undefined> {
  if (dialect === 'postgres') {
    const unlocked = await findOrder(trx, key);
    if (!unlocked) return undefined;
    const others = party ? await party(trx, unlocked) : [];
    await lockUsers(trx, dialect, [unlocked.user_id, ...others]);
    await sql`select id from orders where id = ${unlocked.id} for update`.execute(trx);
    return findOrder(trx, { id: unlocked.id });
  }
  return findOrder(trx, key);
}

/** What withLockedOrder needs of the server's services (orders/order-services.ts). */
export interface OrderLocks {
  db: Db;
  dialect: DialectName;
  orders: { hooks: { party: OrderParty } };
}

/**
 * Runs `work` in one transaction on the order's row, read under its lock and its party's
 * (lockOrder); ORDER_NOT_FOUND when there is no such order. Every change of one order by its key
 * uses it. The work must change nothing outside the database: a transaction PostgreSQL aborts
 * as a deadlock or serialization failure is run again (db/retry.ts).
 */
export async function withLockedOrder<T>(
  services: OrderLocks,
  key: { id: number } | { publicId: string },
  work: (trx: Db, order: OrderRow) => Promise<T>,
): Promise<T> {
  return retryAborted(() =>
    services.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, services.dialect, key, services.orders.hooks.party);
      if (!order) throw new Refusal(ErrorCode.ORDER_NOT_FOUND);
      return work(trx, order);
    }),
  );
}

/**
 * Inserts a new order and answers its row id; counts it in the user's order count
 * (users.order_count, order history's total), so `db` is the transaction the order is made in.
 */
export async function insertOrder(db: Db, order: Insertable<OrdersTable>): Promise<number> {
  const created = await db
    .insertInto('orders')
    .values(order)
    .returning('id')
    .executeTakeFirstOrThrow();
  await countNewOrder(db, order.user_id);
  return created.id;
}

/**
 * Changes an order's columns; with `whileStatus`, only while the order still has that status.
 * Answers whether the row was written.
 */
export async function updateOrder(
  db: Db,
  id: number,
  changes: Omit<Updateable<OrdersTable>, 'id'>,
  whileStatus?: OrderStatus,
): Promise<boolean> {
  let query = db.updateTable('orders').set(changes).where('id', '=', id);
  if (whileStatus !== undefined) query = query.where('status', '=', whileStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A user's orders, newest first, one page of them. The page's ids come first from the index
 * (user_id, created_at, id) alone, skipping the earlier pages inside the index without reading
 * their rows (a deferred join); only the page's rows are then read from the table.
 */
export async function ordersOfUser(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<OrderRow[]> {
  const keys = db.selectFrom('orders').select(['id', 'created_at']).where('user_id', '=', userId);
  return deferredPage(db, keys, { desc: ['created_at', 'id'] }, page)
    .innerJoin('orders as o', 'o.id', 'p.id')
    .selectAll('o')
    .execute();
}

/**
 * Whether the user paid money for another order before (paid or refunded since): what makes a
 * purchase a renewal. `except` leaves out the orders it answers (a subquery of order ids, such as
 * refund-queue.ts's `lateRefusedOrderIds`: payments a group refused were never a purchase).
 */
export async function hasEarlierPaidOrder(
  db: Db,
  order: { userId: number; orderId: number },
  except?: OperandExpression<number>,
): Promise<boolean> {
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', order.userId)
    .where('id', '!=', order.orderId)
    .where('status', 'in', [OrderStatus.PAID, OrderStatus.REFUNDED])
    .where('amount_minor', '>', 0);
  if (except) query = query.where('id', 'not in', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Pending orders past their time, oldest first. */
export async function expiredPendingOrderIds(db: Db, now: number, batch: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', OrderStatus.PENDING)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(batch)
    .execute();
}

/**
 * Pending orders of these providers with a checkout, not asked about since `askedBefore`
 * (updated_at is when the checkout was made, or when the provider was last asked), oldest
 * question first.
 */
export async function pendingOrdersToAsk(
  db: Db,
  providers: readonly string[],
  askedBefore: number,
  batch: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', OrderStatus.PENDING)
    .where('provider', 'in', providers)
    .where('provider_ref', 'is not', null)
    .where('updated_at', '<=', askedBefore)
    .orderBy('updated_at')
    .limit(batch)
    .execute();
}

/** Row ids of orders by their public ids (unknown ones are left out). */
export async function orderIdsByPublicId(
  db: Db,
  publicIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'public_id'])
    .where('public_id', 'in', ['', ...publicIds])
    .execute();
  return new Map(rows.map((o) => [o.public_id, o.id]));
}

/** What the console narrows its order list by; a field left out does not narrow it. */
export interface OrderFilter {
  publicId?: string;
  userId?: number;
  status?: OrderStatus;
  provider?: string;
  /** Created at or after (UTC ms). */
  from?: number;
  /** Created before (UTC ms). */
  to?: number;
}

/**
 * A page of orders matching the filter, newest first, and how many match up to the console's cap
 * (db/capped-count.ts). Each filter is answered by an index that also holds (created_at, id): the
 * order id's unique index, the user's orders, the state, the provider, the state and provider,
 * or the time alone (migrations 0013, 0018, 0022). The page's keys are read from that index first
 * and only the page's rows then (a deferred join), so a deep page skips the earlier ones inside
 * the index.
 */
export async function searchOrderRows(
  db: Db,
  filter: OrderFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number; totalCapped: boolean }> {
  let base = db.selectFrom('orders');
  if (filter.publicId !== undefined) base = base.where('public_id', '=', filter.publicId);
  if (filter.userId !== undefined) base = base.where('user_id', '=', filter.userId);
  if (filter.status !== undefined) base = base.where('status', '=', filter.status);
  if (filter.provider !== undefined) base = base.where('provider', '=', filter.provider);
  if (filter.from !== undefined) base = base.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('created_at', '<', filter.to);
  const keys = base.select(['id', 'created_at']);
  return withCappedCount(
    db,
    base,
    deferredPage(db, keys, { desc: ['created_at', 'id'] }, page)
      .innerJoin('orders as o', 'o.id', 'p.id')
      .selectAll('o')
      .execute(),
  );
}

/** Money paid since `since`, per UTC day number, provider and currency. */
export async function paidRevenueByDay(db: Db, since: number) {
  const rows = await db
    .selectFrom('orders')
    .select([
      dayNumber('paid_at').as('d'),
      'provider',
      'currency',
      (eb) => eb.fn.sum<number>('amount_minor').as('amount'),
    ])
    .where('status', '=', OrderStatus.PAID)
    .where('paid_at', '>=', since)
    .groupBy([dayNumber('paid_at'), 'provider', 'currency'])
    .execute();
  return rows.map((r) => ({
    day: Number(r.d),
    provider: r.provider,
    currency: r.currency,
    amountMinor: Number(r.amount),
  }));
}

/** How many users have a paid order. */
export async function payingUserCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('status', '=', OrderStatus.PAID)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The orders table for another module's list to join (`.innerJoin(orderColumns(db, [...]).as('o'),
 * 'o.id', ...)`): only the columns named, so the table is still read through this store alone.
 * The database inlines the subquery (same plan as joining the table).
 */
export function orderColumns<C extends keyof OrdersTable & string>(db: Db, columns: readonly C[]) {
  return db.selectFrom('orders').select(columns);
}

/** Every column of the orders table, for another module's query that answers whole order rows. */
export function allOrderColumns(db: Db) {
  return db.selectFrom('orders').selectAll();
}
