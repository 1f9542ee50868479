import { copyFileSync, existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';

/**
 * SQLite's online backup (better-sqlite3's `backup`, sqlite3_backup_*): a consistent copy of the
 * live database while the server writes. After the first step, every remaining page is copied in
 * one step, inside one read transaction of the source: under WAL it never waits for writers and
 * sees no write that commits during it (a write between steps restarts the copy).
 */
export async function backUpSqlite(sqlitePath: string, to: string): Promise<void> {
  if (!existsSync(sqlitePath)) throw new Error(`no SQLite database at ${sqlitePath}`);
  const source = new SQLite(sqlitePath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // The copy is a database of its own: checked whole before it counts as a backup.
  const copy = new SQLite(to, { readonly: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new Error(`the backup copy fails its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
}

/** Puts a backed-up database file at `sqlitePath` (the caller checked that nothing is there). */
export function restoreSqlite(from: string, sqlitePath: string): void {
  copyFileSync(from, sqlitePath);
}
