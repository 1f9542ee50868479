import type { Db } from './database.ts';

/** The tables that work as a queue in the database: rows due, claimed, then done. */
export type QueueTable = 'mail_queue' | 'telegram_queue' | 'webhook_deliveries';

/** What a claim compares: the row as the process read it. */
export interface QueuedRow {
  id: number;
  status: string;
  claimed_at: number | null;
}

/**
 * Claims one queued row for this process ('sending', claimed now): false when another process
 * claimed it (or finished it) since the row was read. The update only matches the row as it was
 * read, so of several servers (or a restarted one) reading the same due row exactly one wins;
 * a row whose claim lapsed (its process died) is claimed again the same way. The one copy of
 * this rule for mail_queue, telegram_queue and webhook_deliveries.
 */
export async function claimQueued(
  db: Db,
  table: QueueTable,
  row: QueuedRow,
  now: number,
): Promise<boolean> {
  // The three tables share these columns; Kysely cannot type an update over a union of tables.
  const result = await db
    .updateTable(table as 'mail_queue')
    .set({ status: 'sending', claimed_at: now })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where((eb) =>
      row.claimed_at === null
        ? eb('claimed_at', 'is', null)
        : eb('claimed_at', '=', row.claimed_at),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
