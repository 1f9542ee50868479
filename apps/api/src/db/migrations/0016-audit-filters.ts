import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The console's audit log filters by actor and by action, newest first: one index each, so a
 * filter never scans the log.
 */
export function auditFiltersMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('audit_log_actor_idx')
        .on('audit_log')
        .columns(['actor', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_action_idx')
        .on('audit_log')
        .columns(['action', 'id'])
        .execute();
    },
  };
}
