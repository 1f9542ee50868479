/** The backup noun: `pnpm ops backup` and `pnpm ops restore` (docs/production.md, section 5). */
export { BACKUP_USAGE, RESTORE_USAGE, backupCommand, restoreCommand } from './ops.ts';
export { lastBackupAt } from './last-backup.ts';
