import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What "Active sessions" shows of a session: the platform header and user agent that signed in,
 * the address, and when it was last used. Sessions created before have none of them (null).
 */
export function sessionDetailsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('sessions').addColumn('platform', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
    },
  };
}
