import { randomBytes } from 'node:crypto';
import { ErrorCode, type GroupBuy as GroupBuyView } from '@nimbus/api-sdk/contract';
import {
  type GroupBuyPaymentType,
  GroupBuyStatus,
  type GroupBuy,
  type GroupBuyService,
  type GroupBuySize,
  type GroupMember,
  type JoinError,
  type Language,
} from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { productName } from '../plans/index.ts';
import { cappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { GroupBuysTable } from '../db/schema.ts';
import type { SiteSettings } from '../settings/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { contactsOf, lockUsers, maskedAccount } from '../accounts/index.ts';
import { orderColumns } from '../orders/index.ts';
import { rowId } from '../db/row-id.ts';

export type GroupRow = Selectable<GroupBuysTable>;

/** The order kinds of group buys (orders.kind): the creator's payment and a friend's share. */
export const GROUP_CREATOR_ORDER = 'group_creator';
export const GROUP_SHARE_ORDER = 'group_share';

export const MemberStatus = {
  PENDING: 'pending',
  JOINED: 'joined',
  RELEASED: 'released',
  REFUNDED: 'refunded',
} as const;
export const MemberRole = { CREATOR: 'creator', MEMBER: 'member' } as const;

/** A seat row with the order that pays it (if any). */
export interface MemberRow {
  user_id: number;
  role: string;
  status: string;
  seat: number | null;
  order_id: number | null;
  hold_until: number | null;
  joined_at: number;
  paid_at: number | null;
  credited_standard_ms: number;
  credited_lite_ms: number;
  order_public_id: string | null;
  order_amount_minor: number | null;
  order_currency: string | null;
  order_method: string | null;
}

// Unambiguous symbols (no 0/O, 1/I), as order ids: group ids are typed from a screenshot now and
// then.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A group id for invite links: "G" and 20 random symbols (100 bits), so groups cannot be guessed.
 */
export function newGroupId(): string {
  let id = 'G';
  for (const b of randomBytes(20)) id += ALPHABET.charAt(b & 31);
  return id;
}

export const inviteLinkOf = (groupId: string) =>
  `/group-buying?groupId=${encodeURIComponent(groupId)}`;

/** The service switch and start time of the settings in force, as the domain reads it. */
export function groupBuyService(site: SiteSettings): GroupBuyService {
  return { enabled: site.features.groupBuy, startsAt: site.groupBuy.startsAt };
}

const JOIN_ERRORS: Record<JoinError | 'invalid_size', (typeof ErrorCode)[keyof typeof ErrorCode]> =
  {
    group_not_started: ErrorCode.GROUP_NOT_STARTED,
    group_ended: ErrorCode.GROUP_ENDED,
    creator_not_paid: ErrorCode.GROUP_CREATOR_NOT_PAID,
    already_joined: ErrorCode.GROUP_ALREADY_JOINED,
    group_full: ErrorCode.GROUP_FULL,
    payment_required: ErrorCode.GROUP_PAYMENT_REQUIRED,
    no_payment_needed: ErrorCode.GROUP_NO_PAYMENT_NEEDED,
    invalid_size: ErrorCode.GROUP_INVALID_SIZE,
  };

/** The API refusal of a domain refusal. */
export function groupRefusal(error: JoinError | 'invalid_size'): Refusal {
  return new Refusal(JOIN_ERRORS[error]);
}

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

/** A friend's unpaid seat still held at `now` (the creator's seat never lapses). */
export function holdsSeat(member: MemberRow, now: number): boolean {
  if (member.role === MemberRole.CREATOR) return true;
  if (member.status === MemberStatus.JOINED || member.status === MemberStatus.REFUNDED) return true;
  return (
    member.status === MemberStatus.PENDING && member.hold_until !== null && member.hold_until > now
  );
}

/** Whether a seat row carries a payment that counts (paid, not refunded). */
const isPaid = (member: MemberRow) =>
  member.status === MemberStatus.JOINED &&
  member.paid_at !== null &&
  member.order_public_id !== null;

/**
 * The domain's view of a group: the creator first, then everyone holding a seat at `now`, each
 * with the payment that paid their seat. Seats held for an unpaid share count as members
 * without payment, so they are not given away while their holder is paying.
 */
export function toDomainGroup(
  group: GroupRow,
  members: readonly MemberRow[],
  now: number,
): GroupBuy {
  const seated = members.filter((m) => holdsSeat(m, now));
  const ordered = [
    ...seated.filter((m) => m.role === MemberRole.CREATOR),
    ...seated.filter((m) => m.role !== MemberRole.CREATOR),
  ];
  return {
    id: group.public_id,
    creatorId: String(group.creator_id),
    size: group.size as GroupBuySize,
    paymentType: group.payment_type as GroupBuyPaymentType,
    planId: group.plan_id,
    planPriceMinor: group.plan_price_minor,
    currency: group.currency,
    unitPriceMinor: group.unit_price_minor,
    createdAt: group.created_at,
    expiresAt: group.expires_at,
    finishedAt: group.finished_at,
    closedAt: group.closed_at,
    status: group.status as GroupBuyStatus,
    members: ordered.map((m): GroupMember => ({
      userId: String(m.user_id),
      joinedAt: m.joined_at,
      payment: isPaid(m)
        ? {
            paymentId: m.order_public_id ?? '',
            method: m.order_method ?? '',
            amountMinor: m.order_amount_minor ?? 0,
            currency: m.order_currency ?? '',
            paidAt: m.paid_at ?? 0,
          }
        : null,
    })),
  };
}

/** The lowest seat number no row holds (rows of lapsed holds must be released first). */
export function freeSeat(group: GroupRow, members: readonly MemberRow[]): number {
  const taken = new Set(members.map((m) => m.seat).filter((s): s is number => s !== null));
  for (let seat = 1; seat <= group.size; seat++) if (!taken.has(seat)) return seat;
  // The domain said a seat is free: a row holding one without counting is a bug.
  throw new Error(`group ${group.public_id} has no free seat`);
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
  for (const m of lapsed) {
    await trx
      .updateTable('group_buy_members')
      .set({ status: MemberStatus.RELEASED, seat: null, updated_at: now })
      .where('group_id', '=', group.id)
      .where('user_id', '=', m.user_id)
      .execute();
  }
  const gone = new Set(lapsed.map((m) => m.user_id));
  return members.map((m) =>
    gone.has(m.user_id) ? { ...m, status: MemberStatus.RELEASED, seat: null } : m,
  );
}

/** Members joined so far: the creator and every friend who took a seat for good. */
export function membersJoined(members: readonly MemberRow[]): number {
  return members.filter(
    (m) =>
      m.role === MemberRole.CREATOR ||
      m.status === MemberStatus.JOINED ||
      m.status === MemberStatus.REFUNDED,
  ).length;
}

type Person = { email: string | null; phone: string | null; username_display: string | null };

/** Creators of some groups, for their masked names. */
export async function creatorsOf(
  db: Db,
  groups: readonly GroupRow[],
): Promise<Map<number, Person>> {
  return contactsOf(db, [...new Set(groups.map((g) => g.creator_id))]);
}

/**
 * A group as the contract shows it. Public: the creator masked, counts only; nothing about the
 * other members. `viewerId` is the signed-in caller, if any.
 */
export function groupView(
  group: GroupRow,
  members: readonly MemberRow[],
  creator: Person | undefined,
  viewerId: number | undefined,
  language: Language,
  now: number,
): GroupBuyView {
  const creatorRow = members.find((m) => m.role === MemberRole.CREATOR);
  const mine = viewerId === undefined ? undefined : members.find((m) => m.user_id === viewerId);
  let viewerRole: GroupBuyView['viewerRole'] = null;
  if (viewerId === group.creator_id) viewerRole = 'creator';
  else if (
    mine &&
    mine.status !== MemberStatus.RELEASED &&
    (mine.status !== MemberStatus.PENDING || holdsSeat(mine, now))
  )
    viewerRole = 'member';
  return {
    groupId: group.public_id,
    productId: String(group.plan_id),
    productName: productName(language, group.group_type, group.duration_days),
    durationDays: group.duration_days,
    creator: creator ? maskedAccount(creator) : '***',
    createdAt: group.created_at,
    expireAt: group.expires_at,
    finishAt: group.finished_at,
    membersJoined: membersJoined(members),
    size: group.size as GroupBuySize,
    unitPriceMinor: group.unit_price_minor,
    currency: group.currency,
    devicesAllowed: group.devices_allowed,
    status: group.status as GroupBuyStatus,
    paymentType: group.payment_type as GroupBuyPaymentType,
    creatorPaid: creatorRow !== undefined && isPaid(creatorRow),
    inviteLink: inviteLinkOf(group.public_id),
    viewerRole,
  };
}

/** Views of several groups (a list page) with two queries for all of them. */
export async function groupViews(
  db: Db,
  groups: readonly GroupRow[],
  viewerId: number | undefined,
  language: Language,
  now: number,
): Promise<GroupBuyView[]> {
  const [members, creators] = await Promise.all([
    membersOf(
      db,
      groups.map((g) => g.id),
    ),
    creatorsOf(db, groups),
  ]);
  return groups.map((g) =>
    groupView(g, members.get(g.id) ?? [], creators.get(g.creator_id), viewerId, language, now),
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
