import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Suspended accounts (the console's users screen, `pnpm ops user suspend`): when and why, the
 * reason being what the member is shown at login. Indexed so the console lists suspended
 * accounts without a scan.
 */
export function userSuspensionMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
      await db.schema
        .createIndex('users_suspended_idx')
        .on('users')
        .columns(['suspended_at', 'id'])
        .execute();
    },
  };
}
