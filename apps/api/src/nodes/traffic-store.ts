import {
  trafficMonthOf,
  type DailyTraffic,
  type TrafficCounts,
  type TrafficEntry,
} from '@nimbus/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The member_traffic table: bytes per member per UTC day ('d' rows), older days rolled up into
 * one row per month ('m' rows, keyed by the month's first day). The domain (traffic.ts) says
 * which days are old and how a cycle and the chart read the rows.
 */

/** Rows per INSERT: 5 parameters each, well inside SQLite's and PostgreSQL's limits. */
const BATCH = 500;

/** Adds a report's counts to each member's row of `day` (inside the caller's transaction). */
export async function addDailyTraffic(
  trx: Db,
  day: number,
  entries: readonly TrafficEntry[],
): Promise<void> {
  const rows = entries
    .filter((e) => e.upload > 0 || e.download > 0)
    .map((e) => ({
      user_id: e.userId,
      span: 'd' as const,
      period_day: day,
      upload: e.upload,
      download: e.download,
    }));
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto('member_traffic')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.columns(['user_id', 'span', 'period_day']).doUpdateSet({
          upload: sql`member_traffic.upload + excluded.upload`,
          download: sql`member_traffic.download + excluded.download`,
        }),
      )
      .execute();
  }
}

/** A member's daily rows from `fromDay` on (the chart and the cycle both fit in them). */
export async function dailyTrafficOf(
  db: Db,
  userId: number,
  fromDay: number,
): Promise<DailyTraffic[]> {
  const rows = await db
    .selectFrom('member_traffic')
    .select(['period_day', 'upload', 'download'])
    .where('user_id', '=', userId)
    .where('span', '=', 'd')
    .where('period_day', '>=', fromDay)
    .orderBy('period_day')
    .execute();
  return rows.map((r) => ({
    day: Number(r.period_day),
    upload: Number(r.upload),
    download: Number(r.download),
  }));
}

/** SQLite binds at most 999 parameters per statement. */
const ID_BATCH = 900;

/**
 * Each member's traffic from `fromDay` on (a quota cycle's first day), summed by the database:
 * the daily rows from that day and, for a cycle reaching back past the kept days (a `never`
 * quota), the rolled-up months from that day's month (that month counts whole). Members without
 * traffic are absent.
 */
export async function trafficSince(
  db: Db,
  userIds: readonly number[],
  fromDay: number,
): Promise<Map<number, TrafficCounts>> {
  const sums = new Map<number, TrafficCounts>();
  for (let i = 0; i < userIds.length; i += ID_BATCH) {
    const rows = await db
      .selectFrom('member_traffic')
      .select((eb) => [
        'user_id',
        eb.fn.sum<number>('upload').as('upload'),
        eb.fn.sum<number>('download').as('download'),
      ])
      .where('user_id', 'in', userIds.slice(i, i + ID_BATCH))
      .where((eb) =>
        eb.or([
          eb.and([eb('span', '=', 'd'), eb('period_day', '>=', fromDay)]),
          eb.and([eb('span', '=', 'm'), eb('period_day', '>=', trafficMonthOf(fromDay))]),
        ]),
      )
      .groupBy('user_id')
      .execute();
    for (const row of rows)
      sums.set(row.user_id, { upload: Number(row.upload), download: Number(row.download) });
  }
  return sums;
}

/**
 * Rolls daily rows before `beforeDay` up into their months, a batch per transaction, so the
 * table keeps a bounded number of daily rows per member. Idempotent and safe to run from several
 * processes: each batch deletes exactly the rows it added up, and a row deleted by another
 * process first is not counted twice (the delete's row count is checked).
 */
export async function rollUpTraffic(db: Db, beforeDay: number): Promise<number> {
  let rolled = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('member_traffic')
        .select(['user_id', 'period_day', 'upload', 'download'])
        .where('span', '=', 'd')
        .where('period_day', '<', beforeDay)
        .orderBy('user_id')
        .orderBy('period_day')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return 0;
      const months = new Map<
        string,
        { user_id: number; period_day: number; upload: number; download: number }
      >();
      for (const row of rows) {
        const deleted = await trx
          .deleteFrom('member_traffic')
          .where('user_id', '=', row.user_id)
          .where('span', '=', 'd')
          .where('period_day', '=', row.period_day)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) continue;
        const month = trafficMonthOf(Number(row.period_day));
        const key = `${row.user_id}:${month}`;
        const sum = months.get(key) ?? {
          user_id: row.user_id,
          period_day: month,
          upload: 0,
          download: 0,
        };
        sum.upload += Number(row.upload);
        sum.download += Number(row.download);
        months.set(key, sum);
      }
      const values = [...months.values()].map((m) => ({ ...m, span: 'm' as const }));
      for (let i = 0; i < values.length; i += BATCH) {
        await trx
          .insertInto('member_traffic')
          .values(values.slice(i, i + BATCH))
          .onConflict((oc) =>
            oc.columns(['user_id', 'span', 'period_day']).doUpdateSet({
              upload: sql`member_traffic.upload + excluded.upload`,
              download: sql`member_traffic.download + excluded.download`,
            }),
          )
          .execute();
      }
      return rows.length;
    });
    rolled += done;
    if (done < BATCH) return rolled;
  }
}

/** Forgets a member's traffic (account deletion). */
export async function eraseTraffic(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('member_traffic').where('user_id', '=', userId).execute();
}
