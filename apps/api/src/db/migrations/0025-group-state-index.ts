import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * group_buys (status, expires_at, id) replaces (status, expires_at): the console lists groups by
 * state newest end first, a page at a time, and with the id in the index PostgreSQL reads the page
 * in index order instead of sorting every finished group (seen on the scale data set: a sort of
 * all of them for each page). The scheduled jobs' look-up of due groups uses it as before.
 */
export function groupStateIndexMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('group_buys_state_idx')
        .on('group_buys')
        .columns(['status', 'expires_at', 'id'])
        .execute();
      await db.schema.dropIndex('group_buys_due_idx').execute();
    },
  };
}
