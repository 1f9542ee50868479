import { latestAuditOf } from '../audit/index.ts';
import type { Db } from '../db/database.ts';

/** The audit subject of `pnpm ops backup` (its id: the dialect). */
export const BACKUP_SUBJECT = 'backup';

/** When `pnpm ops backup` last finished against this database, or undefined: never. */
export async function lastBackupAt(db: Db, dialect: 'sqlite' | 'postgres') {
  const [row] = await latestAuditOf(db, BACKUP_SUBJECT, dialect, 1);
  return row === undefined ? undefined : Number(row.at);
}
