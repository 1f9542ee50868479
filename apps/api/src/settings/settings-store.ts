import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A stored setting: its JSON value (null once unset) and who changed it last, when. */
export interface StoredSetting {
  key: string;
  /** JSON text; null when the key was unset (its default applies). */
  value: string | null;
  version: number;
  updatedAt: number;
  updatedBy: string;
}

/** Every stored setting (the table holds one row per key ever set: a few dozen at most). */
export async function readStoredSettings(db: Db): Promise<StoredSetting[]> {
  const rows = await db.selectFrom('settings').selectAll().orderBy('key').execute();
  return rows.map((r) => ({
    key: r.key,
    value: r.value,
    version: r.version,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  }));
}

/**
 * The sum of every row's version: it grows with every change (a change adds one to its row's
 * version, an unset keeps the row), so a cache that saw the same sum saw the same settings.
 */
export async function settingsVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select(sql<number | string | null>`sum(version)`.as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The stored value of one key (inside the transaction that changes it). */
export async function storedSetting(trx: Db, key: string): Promise<StoredSetting | undefined> {
  const r = await trx.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst();
  return (
    r && {
      key: r.key,
      value: r.value,
      version: r.version,
      updatedAt: r.updated_at,
      updatedBy: r.updated_by,
    }
  );
}

/** Sets (JSON text) or unsets (null) a key; the row's version goes up by one either way. */
export async function writeStoredSetting(
  trx: Db,
  key: string,
  value: string | null,
  actor: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key, value, version: 1, updated_at: now, updated_by: actor })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value,
        version: sql<number>`settings.version + 1`,
        updated_at: now,
        updated_by: actor,
      }),
    )
    .execute();
}
