import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * users (inviter_id, created_at, id) replaces users (inviter_id): the KOL dashboard's invitation
 * tab lists a KOL's invitees newest first, one page at a time. With the old index the database
 * read every invitee, checked each one's paid orders and sorted them all before taking a page
 * (measured on the scale data set: the biggest KOL has ~24,000 invitees); with this one it walks
 * the index backwards and stops after the page. Counting invitees uses it as before.
 */
export function inviteeListIndexMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('users_inviter_created_idx')
        .on('users')
        .columns(['inviter_id', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('users_inviter_idx').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();
      await db.schema.dropIndex('users_inviter_created_idx').execute();
    },
  };
}
