import type { Insertable, Selectable } from 'kysely';
import { webhookRetryDelayMs } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { claimQueued } from '../db/queue-claim.ts';
import type { WebhookDeliveriesTable } from '../db/schema.ts';

/** The webhook_deliveries table: the queue of events to send, and the delivery log (README.md). */

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/**
 * A claim older than this is taken to have died with its process (an attempt takes at most
 * the 10 s request timeout), and the delivery is due again: at least once, maybe twice.
 */
export const WEBHOOK_CLAIM_TIMEOUT_MS = 2 * 60_000;

export async function insertDeliveries(
  trx: Db,
  rows: Insertable<WebhookDeliveriesTable>[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).execute();
}

/** The oldest deliveries due (or whose claim lapsed), at most `limit`. */
export async function dueDeliveries(db: Db, now: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'due'), eb('due_at', '<=', now)]),
        eb.and([
          eb('status', '=', 'sending'),
          eb('claimed_at', '<', now - WEBHOOK_CLAIM_TIMEOUT_MS),
        ]),
      ]),
    )
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export const claimDelivery = (db: Db, row: DeliveryRow, now: number) =>
  claimQueued(db, 'webhook_deliveries', row, now);

export interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Records an attempt of a claimed delivery: delivered; or due again after the back-off of its
 * attempt count; or failed after the last one. Only the claim that made the attempt records it.
 */
export async function recordAttempt(
  db: Db,
  row: DeliveryRow,
  claimedAt: number,
  result: AttemptResult,
  now: number,
): Promise<void> {
  const attempts = row.attempts + 1;
  const delay = result.ok ? undefined : webhookRetryDelayMs(attempts);
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: result.ok ? 'delivered' : delay === undefined ? 'failed' : 'due',
      attempts,
      claimed_at: null,
      delivered_at: result.ok ? now : null,
      due_at: delay === undefined ? row.due_at : now + delay,
      response_status: result.responseStatus,
      duration_ms: result.durationMs,
      last_error: result.error?.slice(0, 500) ?? null,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('claimed_at', '=', claimedAt)
    .execute();
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An endpoint's deliveries, newest first, a page at a time. */
export async function deliveriesOf(
  db: Db,
  endpointId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Per endpoint, how many deliveries wait (due or sending) and how many failed. */
export async function deliveryCounts(
  db: Db,
): Promise<Map<number, { due: number; failed: number }>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', ['due', 'sending', 'failed'])
    .groupBy(['endpoint_id', 'status'])
    .execute();
  const counts = new Map<number, { due: number; failed: number }>();
  for (const r of rows) {
    const entry = counts.get(r.endpoint_id) ?? { due: 0, failed: 0 };
    if (r.status === 'failed') entry.failed += Number(r.n);
    else entry.due += Number(r.n);
    counts.set(r.endpoint_id, entry);
  }
  return counts;
}

/**
 * Queues a delivery again at once (an operator's replay), keeping its count of attempts: a
 * failed one that fails again is failed again. False when it is being sent right now.
 */
export async function replayDelivery(trx: Db, id: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'due', due_at: now, claimed_at: null })
    .where('id', '=', id)
    .where('status', '!=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An endpoint's whole log and queue, as the endpoint is deleted. */
export async function deleteDeliveriesOf(trx: Db, endpointId: number): Promise<void> {
  await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute();
}
