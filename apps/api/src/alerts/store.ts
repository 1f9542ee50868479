import type { Db } from '../db/database.ts';

/** The operator_alerts table (README.md): one row per thing that can go wrong, open while it is. */

/**
 * Opens the alert `key` (inserted, or a closed one reopened); false when it is open already, so
 * of several servers raising it at once exactly one is told to send it.
 */
export async function openAlert(trx: Db, key: string, kind: string, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('operator_alerts')
    .values({ key, kind, opened_at: now, closed_at: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const reopened = await trx
    .updateTable('operator_alerts')
    .set((eb) => ({ opened_at: now, closed_at: null, times_opened: eb('times_opened', '+', 1) }))
    .where('key', '=', key)
    .where('closed_at', 'is not', null)
    .executeTakeFirst();
  return Number(reopened.numUpdatedRows) > 0;
}

/** Closes the open alert `key`; false when it was not open (exactly one closer is told). */
export async function closeAlert(trx: Db, key: string, now: number): Promise<boolean> {
  const closed = await trx
    .updateTable('operator_alerts')
    .set({ closed_at: now })
    .where('key', '=', key)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) > 0;
}

/** The keys of the open alerts of a kind. */
export async function openAlertKeys(db: Db, kind: string): Promise<string[]> {
  const rows = await db
    .selectFrom('operator_alerts')
    .select('key')
    .where('kind', '=', kind)
    .where('closed_at', 'is', null)
    .execute();
  return rows.map((r) => r.key);
}

/** Whether the alert `key` is open (a read, before any write). */
export async function isAlertOpen(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('operator_alerts')
    .select('key')
    .where('key', '=', key)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
