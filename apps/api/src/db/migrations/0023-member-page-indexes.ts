import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * group_buys (creator_id, created_at, id) replaces (creator_id, created_at), and kol_payouts
 * (kol_id, paid_at, id) replaces (kol_id, paid_at): the groups a member created and the payouts
 * on a KOL's settlement tab are listed newest first a page at a time, the page's ids read from
 * the index alone (a deferred join, as for order history in 0018), so a deep page skips the
 * earlier pages inside the index instead of reading each skipped row; with the id in the index
 * PostgreSQL needs no sort to break ties (measured on the scale data set: it sorted all 1,960
 * groups of the heaviest creator for every page). SQLite's indexes already ended with the rowid.
 */
export function memberPageIndexesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('group_buys_creator_created_id_idx')
        .on('group_buys')
        .columns(['creator_id', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('group_buys_creator_idx').execute();
      await db.schema
        .createIndex('kol_payouts_kol_paid_id_idx')
        .on('kol_payouts')
        .columns(['kol_id', 'paid_at', 'id'])
        .execute();
      await db.schema.dropIndex('kol_payouts_kol_idx').execute();
    },
  };
}
