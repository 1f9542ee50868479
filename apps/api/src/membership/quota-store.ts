import type { TrafficQuota, TrafficResetRule, TrafficTopUp } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/**
 * The traffic quota columns of the `users` table (quota_gb, quota_reset, quota_purchased_at,
 * over_quota_until), the traffic_top_ups and traffic_notices tables (migration 0047). Only this
 * module reads or writes them apart from whole-row reads; the rules are domain traffic-quota.ts.
 */

export interface QuotaHolder {
  userId: number;
  quota: TrafficQuota;
  /** When the quota-carrying plan was bought (the cycle's anchor). */
  purchasedAt: number;
  /** Off the node feed until then (the cycle's next reset); null: not marked. */
  overQuotaUntil: number | null;
}

/** SQLite binds at most 999 parameters per statement. */
const BATCH = 900;

type QuotaRow = {
  id: number;
  quota_gb: number | null;
  quota_reset: string | null;
  quota_purchased_at: number | null;
  over_quota_until: number | null;
};

const holderOf = (r: QuotaRow): QuotaHolder | undefined =>
  r.quota_gb === null || r.quota_purchased_at === null
    ? undefined
    : {
        userId: r.id,
        quota: { gb: r.quota_gb, reset: (r.quota_reset ?? 'month_start') as TrafficResetRule },
        purchasedAt: Number(r.quota_purchased_at),
        overQuotaUntil: r.over_quota_until === null ? null : Number(r.over_quota_until),
      };

const COLUMNS = [
  'id',
  'quota_gb',
  'quota_reset',
  'quota_purchased_at',
  'over_quota_until',
] as const;

/** A member's quota: null without one, undefined for no such user. */
export async function findQuotaHolder(
  db: Db,
  userId: number,
): Promise<QuotaHolder | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select(COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? (holderOf(row) ?? null) : undefined;
}

/**
 * The members among `userIds` who have a quota and are not marked over it at `now` (a mark whose
 * reset has passed counts as none): those a traffic report may take over.
 */
export async function quotaHoldersAmong(
  db: Db,
  userIds: readonly number[],
  now: number,
): Promise<QuotaHolder[]> {
  const holders: QuotaHolder[] = [];
  for (let i = 0; i < userIds.length; i += BATCH) {
    const rows = await db
      .selectFrom('users')
      .select(COLUMNS)
      .where('id', 'in', userIds.slice(i, i + BATCH))
      .where('quota_gb', 'is not', null)
      .where((eb) => eb.or([eb('over_quota_until', 'is', null), eb('over_quota_until', '<=', now)]))
      .execute();
    for (const row of rows) {
      const holder = holderOf(row);
      if (holder) holders.push(holder);
    }
  }
  return holders;
}

/**
 * Marks members over quota until `until` (their cycle's next reset). The row's write time moves,
 * so the node feed reads them again at its next pull and leaves them out.
 */
export async function markOverQuota(
  trx: Db,
  userIds: readonly number[],
  until: number,
  now: number,
): Promise<void> {
  for (let i = 0; i < userIds.length; i += BATCH)
    await trx
      .updateTable('users')
      .set({ over_quota_until: until, updated_at: now })
      .where('id', 'in', userIds.slice(i, i + BATCH))
      .execute();
}

/** Takes a member's over-quota mark away (a top-up); the feed lists them at its next pull. */
export async function clearOverQuota(trx: Db, userId: number, now: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ over_quota_until: null, updated_at: now })
    .where('id', '=', userId)
    .where('over_quota_until', 'is not', null)
    .execute();
}

/** The top-ups of these members granted at or after `since`. */
export async function topUpsSince(
  db: Db,
  userIds: readonly number[],
  since: number,
): Promise<Map<number, TrafficTopUp[]>> {
  const byUser = new Map<number, TrafficTopUp[]>();
  for (let i = 0; i < userIds.length; i += BATCH) {
    const rows = await db
      .selectFrom('traffic_top_ups')
      .select(['user_id', 'bytes', 'at'])
      .where('user_id', 'in', userIds.slice(i, i + BATCH))
      .where('at', '>=', since)
      .execute();
    for (const row of rows) {
      const list = byUser.get(row.user_id) ?? [];
      list.push({ bytes: Number(row.bytes), at: Number(row.at) });
      byUser.set(row.user_id, list);
    }
  }
  return byUser;
}

export async function insertTopUp(
  trx: Db,
  row: { userId: number; bytes: number; at: number },
): Promise<void> {
  await trx
    .insertInto('traffic_top_ups')
    .values({ user_id: row.userId, bytes: row.bytes, at: row.at })
    .execute();
}

/**
 * Records that a quota notice goes out for this cycle: true for the one caller that recorded it
 * (the primary key turns away every other process and every later report).
 */
export async function claimTrafficNotice(
  trx: Db,
  row: { userId: number; cycleStart: number; threshold: number; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('traffic_notices')
    .values({
      user_id: row.userId,
      cycle_start: row.cycleStart,
      threshold: row.threshold,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'cycle_start', 'threshold']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The thresholds already notified in a member's cycle. */
export async function trafficNoticesSent(
  db: Db,
  userId: number,
  cycleStart: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('traffic_notices')
    .select('threshold')
    .where('user_id', '=', userId)
    .where('cycle_start', '=', cycleStart)
    .execute();
  return rows.map((r) => r.threshold);
}
