import { ErrorCode } from '@nimbus/api-sdk/contract';
import { GroupBuyStatus } from '@nimbus/domain';
import type { Insertable, Updateable } from 'kysely';
import { lockUsers } from '../accounts/index.ts';
import { cappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { deferredPage } from '../db/deferred-page.ts';
import type { DialectName } from '../db/dialect.ts';
import { rowId } from '../db/row-id.ts';
import type { GroupBuyMembersTable, GroupBuysTable } from '../db/schema.ts';
import { Refusal } from '../errors/refusal.ts';
import { orderColumns } from '../orders/index.ts';
import { holdsSeat, MemberRole, MemberStatus, type GroupRow, type MemberRow } from './groups.ts';

/**
 * The group-buy tables (group_buys, group_buy_members, group_buy_orders): the only file naming
 * them (TABLE_STORES). A group, its seats and the links of its orders are one aggregate, always
 * locked through the group's row (`lockGroup`), so one store holds all three.
 */

/**
 * Takes the group's lock for the rest of the transaction by touching its row: on PostgreSQL an
 * UPDATE holds the row lock until commit; on SQLite a write as the first statement takes the
 * database's write lock at once (rather than failing later on a stale read when several
 * processes share the file). Concurrent joins of one group therefore run one after another.
 */
export async function lockGroup(
  trx: Db,
  where: { id: number } | { publicId: string },
  now: number,
): Promise<GroupRow> {
  let update = trx.updateTable('group_buys').set({ updated_at: now });
  update =
    'id' in where
      ? update.where('id', '=', where.id)
      : update.where('public_id', '=', where.publicId);
  const touched = await update.executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) throw new Refusal(ErrorCode.GROUP_NOT_FOUND);
  let select = trx.selectFrom('group_buys').selectAll();
  select =
    'id' in where
      ? select.where('id', '=', where.id)
      : select.where('public_id', '=', where.publicId);
  return select.executeTakeFirstOrThrow();
}

/** Which group: by row id, public id, or an order of it (group_buy_orders). */
export type GroupKey = { id: number } | { publicId: string } | { orderId: number };

/** The users holding (or having held) a seat in a group: its creator and every friend's row. */
export async function groupUserIds(db: Db, key: GroupKey): Promise<number[]> {
  const group =
    'id' in key
      ? db.selectFrom('group_buys').select('id').where('id', '=', key.id)
      : 'publicId' in key
        ? db.selectFrom('group_buys').select('id').where('public_id', '=', key.publicId)
        : db
            .selectFrom('group_buy_orders')
            .select('group_id as id')
            .where('order_id', '=', key.orderId);
  const rows = await db
    .selectFrom('group_buy_members')
    .select('user_id')
    .where('group_id', 'in', group)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * On PostgreSQL, locks the rows of a group's users (groupUserIds) and of `also` (a joiner) in
 * ascending id order: what a transaction that goes on to lock the group (lockGroup) and may then
 * write its members' rows (membership, a joiner's order count, notices) takes first, as every
 * transaction takes users before orders and groups (docs/architecture.md, "Row locks, one
 * order"). SQLite runs one writer at a time, and there lockGroup must stay the transaction's
 * first statement: nothing is read or locked.
 */
export async function lockGroupUsers(
  trx: Db,
  dialect: DialectName,
  key: GroupKey,
  also: readonly number[] = [],
): Promise<void> {
  if (dialect !== 'postgres') return;
  await lockUsers(trx, dialect, [...(await groupUserIds(trx, key)), ...also]);
}

export async function findGroup(db: Db, publicId: string): Promise<GroupRow> {
  const group = await db
    .selectFrom('group_buys')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  if (!group) throw new Refusal(ErrorCode.GROUP_NOT_FOUND);
  return group;
}

/** Every seat row of some groups, with the order paying each. */
export async function membersOf(
  db: Db,
  groupIds: readonly number[],
): Promise<Map<number, MemberRow[]>> {
  const byGroup = new Map<number, MemberRow[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .selectFrom('group_buy_members as m')
    .leftJoin(
      orderColumns(db, ['id', 'public_id', 'amount_minor', 'currency', 'payment_method']).as('o'),
      'o.id',
      'm.order_id',
    )
    .select([
      'm.group_id',
      'm.user_id',
      'm.role',
      'm.status',
      'm.seat',
      'm.order_id',
      'm.hold_until',
      'm.joined_at',
      'm.paid_at',
      'm.credited_standard_ms',
      'm.credited_lite_ms',
      'o.public_id as order_public_id',
      'o.amount_minor as order_amount_minor',
      'o.currency as order_currency',
      'o.payment_method as order_method',
    ])
    .where('m.group_id', 'in', [...groupIds])
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
  for (const { group_id, ...row } of rows) {
    byGroup.get(group_id)?.push({
      ...row,
      credited_standard_ms: Number(row.credited_standard_ms),
      credited_lite_ms: Number(row.credited_lite_ms),
    });
  }
  return byGroup;
}

/** How many group seats a user has taken, in any group. */
export async function seatCountOfUser(db: Db, userId: number): Promise<{ n: number }> {
  return db
    .selectFrom('group_buy_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** How many groups are still open for joining at `now`. */
export async function openGroupCount(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('group_buys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', GroupBuyStatus.UNFINISHED)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function membersOfGroup(db: Db, groupId: number): Promise<MemberRow[]> {
  return (await membersOf(db, [groupId])).get(groupId) ?? [];
}

/**
 * Gives up the seats whose hold lapsed (their share was not paid in time), except `keepUserId`'s.
 * The payment may still arrive later; the domain then decides whether it can still be taken.
 */
export async function releaseLapsedHolds(
  trx: Db,
  group: GroupRow,
  members: MemberRow[],
  now: number,
  keepUserId?: number,
): Promise<MemberRow[]> {
  const lapsed = members.filter(
    (m) =>
      m.role !== MemberRole.CREATOR &&
      m.status === MemberStatus.PENDING &&
      !holdsSeat(m, now) &&
      m.user_id !== keepUserId,
  );
  for (const m of lapsed)
    await updateMember(trx, group.id, m.user_id, {
      status: MemberStatus.RELEASED,
      seat: null,
      updated_at: now,
    });
  const gone = new Set(lapsed.map((m) => m.user_id));
  return members.map((m) =>
    gone.has(m.user_id) ? { ...m, status: MemberStatus.RELEASED, seat: null } : m,
  );
}

/**
 * A page of groups for the console: by public id, creator and state at `now` (open: taking
 * members; waiting: past its end, unfinished, not closed yet; finished; closed), answered by the
 * public id, the creator and the state/end-time indexes. With a state, newest end time first;
 * else newest first.
 */
export async function groupsPage(
  db: Db,
  filter: {
    groupId?: string | undefined;
    creatorId?: string | undefined;
    state?: 'open' | 'waiting' | 'finished' | 'closed' | undefined;
  },
  page: { offset: number; limit: number },
  now: number,
): Promise<{ groups: GroupRow[]; total: number; totalCapped: boolean }> {
  let base = db.selectFrom('group_buys');
  if (filter.groupId) base = base.where('public_id', '=', filter.groupId.trim());
  if (filter.creatorId) base = base.where('creator_id', '=', rowId(filter.creatorId.trim()));
  if (filter.state === 'open' || filter.state === 'waiting')
    base = base
      .where('status', '=', GroupBuyStatus.UNFINISHED)
      .where('expires_at', filter.state === 'open' ? '>' : '<=', now)
      .where('closed_at', 'is', null);
  if (filter.state === 'finished') base = base.where('status', '=', GroupBuyStatus.FINISHED);
  if (filter.state === 'closed')
    base = base.where('status', '=', GroupBuyStatus.UNFINISHED).where('closed_at', 'is not', null);
  // Each order is the one of the filter's index: by state (status, expires_at, id), by creator
  // (creator_id, created_at, id), else the id.
  const ordered =
    filter.state !== undefined
      ? base.orderBy('expires_at', 'desc').orderBy('id', 'desc')
      : filter.creatorId
        ? base.orderBy('created_at', 'desc').orderBy('id', 'desc')
        : base.orderBy('id', 'desc');
  const [groups, count] = await Promise.all([
    ordered.selectAll().offset(page.offset).limit(page.limit).execute(),
    cappedCount(db, ordered),
  ]);
  return { groups, ...count };
}

/** Marks a group closed (the caller holds its lock and queues its refunds). */
export async function markGroupClosed(trx: Db, groupId: number, now: number): Promise<void> {
  await trx
    .updateTable('group_buys')
    .set({ closed_at: now, updated_at: now })
    .where('id', '=', groupId)
    .execute();
}

/** Inserts a group and answers its row. */
export async function insertGroup(trx: Db, values: Insertable<GroupBuysTable>): Promise<GroupRow> {
  const inserted = await trx
    .insertInto('group_buys')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return groupById(trx, inserted.id);
}

/** A group's row by its row id (it exists: the caller holds its id from a row or a link). */
export async function groupById(db: Db, id: number): Promise<GroupRow> {
  return db.selectFrom('group_buys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The currency of a group, by public id (undefined: no such group). */
export async function groupCurrency(db: Db, publicId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('group_buys')
    .select('currency')
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return row?.currency;
}

/** Marks a group finished (the caller holds its lock and has credited everyone). */
export async function markGroupFinished(trx: Db, groupId: number, now: number): Promise<void> {
  await trx
    .updateTable('group_buys')
    .set({ status: GroupBuyStatus.FINISHED, finished_at: now, updated_at: now })
    .where('id', '=', groupId)
    .execute();
}

/** Unfinished groups past their end and not closed yet, the earliest end first. */
export async function dueGroupIds(db: Db, now: number, batch: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_buys')
    .select('id')
    .where('status', '=', GroupBuyStatus.UNFINISHED)
    .where('closed_at', 'is', null)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(batch)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Closes a group that is still due for expiry (unfinished, not closed, past its end): true for
 * the one transaction that closed it, false when another process or run got there first.
 */
export async function claimGroupExpiry(trx: Db, groupId: number, now: number): Promise<boolean> {
  const claim = await trx
    .updateTable('group_buys')
    .set({ closed_at: now, updated_at: now })
    .where('id', '=', groupId)
    .where('status', '=', GroupBuyStatus.UNFINISHED)
    .where('closed_at', 'is', null)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) > 0;
}

/** Inserts a seat row. */
export async function insertMember(
  trx: Db,
  values: Insertable<GroupBuyMembersTable>,
): Promise<void> {
  await trx.insertInto('group_buy_members').values(values).execute();
}

/** Changes a user's seat row in a group. */
export async function updateMember(
  trx: Db,
  groupId: number,
  userId: number,
  values: Updateable<GroupBuyMembersTable>,
): Promise<void> {
  await trx
    .updateTable('group_buy_members')
    .set(values)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

/** Gives up every friend's seat still waiting for its share (an expired group). */
export async function releasePendingShares(trx: Db, groupId: number, now: number): Promise<void> {
  await trx
    .updateTable('group_buy_members')
    .set({ status: MemberStatus.RELEASED, seat: null, hold_until: null, updated_at: now })
    .where('group_id', '=', groupId)
    .where('role', '=', MemberRole.MEMBER)
    .where('status', '=', MemberStatus.PENDING)
    .execute();
}

/** A user's seat status in a group, by the group's public id (undefined: no seat row). */
export async function seatStatus(
  db: Db,
  publicId: string,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('group_buy_members')
    .innerJoin('group_buys', 'group_buys.id', 'group_buy_members.group_id')
    .select('group_buy_members.status')
    .where('group_buys.public_id', '=', publicId)
    .where('group_buy_members.user_id', '=', userId)
    .executeTakeFirst();
  return row?.status;
}

/** Records which group and seat holder an order pays for. */
export async function linkGroupOrder(
  trx: Db,
  link: { orderId: number; groupId: number; userId: number; role: string },
): Promise<void> {
  await trx
    .insertInto('group_buy_orders')
    .values({
      order_id: link.orderId,
      group_id: link.groupId,
      user_id: link.userId,
      role: link.role,
    })
    .execute();
}

/** The id of the group an order pays for (undefined: not a group order). */
export async function groupIdOfOrder(db: Db, orderId: number): Promise<number | undefined> {
  const link = await db
    .selectFrom('group_buy_orders')
    .select('group_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return link?.group_id;
}

/** The group an order pays for (undefined: not a group order). */
export async function groupOfOrder(db: Db, orderId: number): Promise<GroupRow | undefined> {
  return db
    .selectFrom('group_buy_orders')
    .innerJoin('group_buys', 'group_buys.id', 'group_buy_orders.group_id')
    .selectAll('group_buys')
    .where('group_buy_orders.order_id', '=', orderId)
    .executeTakeFirst();
}

/** A page of the groups a user opened, newest first, with their total. */
export async function createdGroupsPage(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  // The page's ids come from the index (creator_id, created_at, id) alone, skipping the earlier
  // pages inside it (a deferred join); only the page's groups are read. The total counts index
  // entries.
  const mine = db.selectFrom('group_buys').where('creator_id', '=', userId);
  const pageIds = mine.select(['id', 'created_at']);
  const [rows, count] = await Promise.all([
    deferredPage(db, pageIds, { desc: ['created_at', 'id'] }, page)
      .innerJoin('group_buys as g', 'g.id', 'p.id')
      .selectAll('g')
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * A page of the groups a user joined as a friend (paid, claimed or holding a seat while paying;
 * seats given up are left out), newest join first, with their total.
 */
export async function participatedGroupsPage(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: GroupRow[]; total: number }> {
  // The page and the total come from the index (user_id, role, joined_at, group_id, status)
  // alone; only the page's groups are read.
  const mine = db
    .selectFrom('group_buy_members as m')
    .where('m.user_id', '=', userId)
    .where('m.role', '=', MemberRole.MEMBER)
    .where('m.status', '!=', MemberStatus.RELEASED);
  const pageSeats = mine.select(['m.group_id', 'm.joined_at']);
  const [rows, count] = await Promise.all([
    deferredPage(db, pageSeats, { desc: ['m.joined_at', 'm.group_id'] }, page)
      .innerJoin('group_buys as g', 'g.id', 'p.group_id')
      .selectAll('g')
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * A page of group orders, newest first, with their total: a user's in every group (`userId`), all
 * of one group's (`groupId`), or a user's in one group (both).
 */
export async function groupOrderPage(
  db: Db,
  of: { userId: number } | { groupId: number; userId?: number },
  page: { limit: number; offset: number },
) {
  let links = db.selectFrom('group_buy_orders as l');
  if ('groupId' in of) links = links.where('l.group_id', '=', of.groupId);
  if (of.userId !== undefined) links = links.where('l.user_id', '=', of.userId);
  // Newest first by order id (ids grow with creation time): the page is read from the index
  // (user_id, order_id) or (group_id) backwards and only its rows are joined to their order and
  // group; the total counts index entries alone (each link has exactly one order and group).
  const pageLinks = links.select(['l.order_id', 'l.group_id', 'l.role']);
  const [rows, count] = await Promise.all([
    deferredPage(db, pageLinks, { desc: ['l.order_id'] }, page)
      .innerJoin(
        orderColumns(db, [
          'id',
          'public_id',
          'amount_minor',
          'currency',
          'status',
          'created_at',
          'group_type',
          'duration_days',
        ]).as('o'),
        'o.id',
        'p.order_id',
      )
      .innerJoin('group_buys as g', 'g.id', 'p.group_id')
      .select([
        'o.public_id',
        'o.amount_minor',
        'o.currency',
        'o.status',
        'o.created_at',
        'o.group_type',
        'o.duration_days',
        'g.public_id as group_public_id',
        'p.role',
      ])
      .execute(),
    links.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
