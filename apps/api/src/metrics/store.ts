import type { Db } from '../db/database.ts';

/**
 * The figures every server reads from the database at scrape time, so that each server's
 * /metrics gives the same global counts whichever one Prometheus asks (docs/production.md,
 * "Metrics"). Read-only aggregates, each answered from an index: orders by (status, provider),
 * the mail queue by (status, created_at), live sessions by expires_at.
 */

/** Orders by provider and status (pending, paid, expired, refunded...). */
export async function orderCounts(db: Db) {
  return db
    .selectFrom('orders')
    .select(['status', 'provider', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['status', 'provider'])
    .execute();
}

/** What the mail queue still has to send: due, being sent, failed for good; and the oldest due. */
export async function mailBacklog(db: Db) {
  const rows = await db
    .selectFrom('mail_queue')
    .select([
      'status',
      (eb) => eb.fn.countAll<number | string>().as('count'),
      (eb) => eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', 'in', ['due', 'sending', 'failed'])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    count: Number(r.count),
    oldest: r.oldest === null ? null : Number(r.oldest),
  }));
}

/** Member sessions neither expired nor revoked at `now`. */
export async function liveSessionCount(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('expires_at', '>', now)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
