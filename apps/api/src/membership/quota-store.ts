import type { TrafficCounts, TrafficQuota, TrafficResetRule, TrafficTopUp } from '@nimbus/domain';
import { sql } from 'kysely';
import { rowsPerStatement } from '../db/batches.ts';
import type { Db } from '../db/database.ts';

/**
 * The traffic quota columns of the `users` table (quota_gb, quota_reset, quota_purchased_at,
 * over_quota_until), the traffic_top_ups and traffic_notices tables (migration 0047) and the
 * running totals of traffic_quota_usage (0055). Only this module reads or writes them apart from
 * whole-row reads; the rules are domain traffic-quota.ts.
 */

export interface QuotaHolder {
  userId: number;
  quota: TrafficQuota;
  /** When the quota-carrying plan was bought (the cycle's anchor). */
  purchasedAt: number;
  /** Off the node feed until then (the cycle's next reset); null: not marked. */
  overQuotaUntil: number | null;
}

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
 * The members among `userIds` who have a quota, marked over it or not (a report's traffic counts
 * towards their cycle's total either way).
 */
export async function quotaHoldersAmong(
  db: Db,
  userIds: readonly number[],
): Promise<QuotaHolder[]> {
  const holders: QuotaHolder[] = [];
  const batch = rowsPerStatement(db, 1);
  for (let i = 0; i < userIds.length; i += batch) {
    const rows = await db
      .selectFrom('users')
      .select(COLUMNS)
      .where('id', 'in', userIds.slice(i, i + batch))
      .where('quota_gb', 'is not', null)
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
  const batch = rowsPerStatement(trx, 1);
  for (let i = 0; i < userIds.length; i += batch)
    await trx
      .updateTable('users')
      .set({ over_quota_until: until, updated_at: now })
      .where('id', 'in', userIds.slice(i, i + batch))
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
  const batch = rowsPerStatement(db, 1);
  for (let i = 0; i < userIds.length; i += batch) {
    const rows = await db
      .selectFrom('traffic_top_ups')
      .select(['user_id', 'bytes', 'at'])
      .where('user_id', 'in', userIds.slice(i, i + batch))
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

/** What a push adds to a member's running total, and which cycle it falls in. */
export interface UsageAdd {
  userId: number;
  /** The start of the member's cycle now (domain trafficCycle). */
  cycleStart: number;
  upload: number;
  download: number;
}

/**
 * Adds a push's bytes to each member's running total of their cycle (inside the push's
 * transaction, after its daily rows were added) and returns the totals. The rows are locked
 * first, in id order (concurrent pushes naming the same members wait, never deadlock); a member
 * without a total, or with one of an older cycle, is counted anew by `recount` (their cycle's
 * traffic from the daily rows, this push's included, read once the lock is held), so a total
 * always equals what the daily rows say.
 */
export async function addQuotaUsage(
  trx: Db,
  adds: readonly UsageAdd[],
  recount: (stale: readonly UsageAdd[]) => Promise<Map<number, TrafficCounts>>,
): Promise<Map<number, TrafficCounts>> {
  const sorted = [...adds].sort((a, b) => a.userId - b.userId);
  const batch = rowsPerStatement(trx, 4);
  const kept = new Map<number, { cycleStart: number } & TrafficCounts>();
  for (let i = 0; i < sorted.length; i += batch) {
    // A row for each (a placeholder of no cycle where none was), locked by the no-op update.
    const rows = await trx
      .insertInto('traffic_quota_usage')
      .values(
        sorted
          .slice(i, i + batch)
          .map((a) => ({ user_id: a.userId, cycle_start: -1, upload: 0, download: 0 })),
      )
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ user_id: sql`excluded.user_id` }))
      .returning(['user_id', 'cycle_start', 'upload', 'download'])
      .execute();
    for (const r of rows)
      kept.set(r.user_id, {
        cycleStart: Number(r.cycle_start),
        upload: Number(r.upload),
        download: Number(r.download),
      });
  }
  const stale = sorted.filter((a) => kept.get(a.userId)?.cycleStart !== a.cycleStart);
  const anew = stale.length > 0 ? await recount(stale) : new Map<number, TrafficCounts>();
  const totals = new Map<number, TrafficCounts>();
  const values = sorted.map((a) => {
    const before = kept.get(a.userId);
    const total =
      before?.cycleStart === a.cycleStart
        ? { upload: before.upload + a.upload, download: before.download + a.download }
        : (anew.get(a.userId) ?? { upload: 0, download: 0 });
    totals.set(a.userId, total);
    return { user_id: a.userId, cycle_start: a.cycleStart, ...total };
  });
  for (let i = 0; i < values.length; i += batch)
    await trx
      .insertInto('traffic_quota_usage')
      .values(values.slice(i, i + batch))
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          cycle_start: sql`excluded.cycle_start`,
          upload: sql`excluded.upload`,
          download: sql`excluded.download`,
        }),
      )
      .execute();
  return totals;
}
