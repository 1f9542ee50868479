import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The console's orders list, newest first, all of them or by state, one page at a time: read by
 * index, not by sorting the whole table.
 */
export function orderListIndexesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('orders_created_idx')
        .on('orders')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_status_created_idx')
        .on('orders')
        .columns(['status', 'created_at', 'id'])
        .execute();
    },
  };
}
