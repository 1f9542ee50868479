import { withCappedCount } from '../db/capped-count.ts';
import { deferredPage } from '../db/deferred-page.ts';
import type { Db } from '../db/database.ts';

/**
 * Who did it: a user, the server itself (webhooks, jobs), an operator of `pnpm ops` by OS account
 * name, or an operator of the console by id.
 */
export type Actor =
  `user:${number}` | 'system' | `ops:${string}` | `operator:${number}` | `token:${number}`;

export const userActor = (userId: number): Actor => `user:${userId}`;
export const consoleActor = (operatorId: number): Actor => `operator:${operatorId}`;

export interface AuditEntry {
  actor: Actor;
  /** What happened, dotted: 'order.paid', 'membership.credited', 'redeem.used'... */
  action: string;
  /** What it happened to: 'order', 'user', 'promo_code'... and its id. */
  subjectType: string;
  subjectId: string | number;
  /** The facts needed to reconstruct the change later (amounts, expiries before and after). */
  data: Record<string, unknown>;
  at: number;
}

/**
 * Appends an audit row. Call it with the transaction that makes the change, so the row exists
 * exactly when the change does (a rolled-back change leaves no audit row, and no change goes
 * unaudited).
 */
export async function writeAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor: entry.actor,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: String(entry.subjectId),
      data: JSON.stringify(entry.data),
      at: entry.at,
    })
    .execute();
}

export interface AuditRow {
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  data: unknown;
  at: number;
}

/** The audit trail of one subject, oldest first (support tools and tests read it). */
export async function auditTrail(
  db: Db,
  subjectType: string,
  subjectId: string | number,
): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    actor: r.actor,
    action: r.action,
    subjectType: r.subject_type,
    subjectId: r.subject_id,
    data: JSON.parse(r.data) as unknown,
    at: r.at,
  }));
}

/** The latest audit rows of one subject, newest first, at most `limit` of them. */
export async function latestAuditOf(
  db: Db,
  subjectType: string,
  subjectId: string | number,
  limit: number,
) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(subjectId))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A page of the audit log, newest first, by actor, action or subject (each filter answered by an
 * index ending in the id: actor, action, subject), with how many rows match up to the console's
 * cap (db/capped-count.ts). The page's ids are read from the index first and only the page's rows
 * then (a deferred join), so a deep page skips the earlier ones inside the index.
 */
export async function auditPage(
  db: Db,
  filter: { actor?: string; action?: string; subjectType?: string; subjectId?: string },
  page: { offset: number; limit: number },
) {
  let base = db.selectFrom('audit_log');
  if (filter.actor) base = base.where('actor', '=', filter.actor.trim());
  if (filter.action) base = base.where('action', '=', filter.action.trim());
  if (filter.subjectType) base = base.where('subject_type', '=', filter.subjectType.trim());
  if (filter.subjectId) base = base.where('subject_id', '=', filter.subjectId.trim());
  return withCappedCount(
    db,
    // Counted in the list's order, from the page's index (db/capped-count.ts).
    base.orderBy('id', 'desc'),
    deferredPage(db, base.select('id'), { desc: ['id'] }, page)
      .innerJoin('audit_log as a', 'a.id', 'p.id')
      .selectAll('a')
      .execute(),
  );
}
