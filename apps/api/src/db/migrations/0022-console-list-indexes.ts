import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The console's lists at scale (docs/admin.md, "Lists at scale"): each filter an index that ends
 * in the list's order, so a page's keys and the capped count are read from the index alone.
 * - orders by provider, and by state and provider, newest first (with or without a time range);
 * - the audit log by target, newest first: (subject_type, subject_id, id) replaces
 *   (subject_type, subject_id), which PostgreSQL had to sort by id;
 * - redeem and promo codes newest first.
 */
export function consoleListIndexesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('orders_provider_created_idx')
        .on('orders')
        .columns(['provider', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_status_provider_created_idx')
        .on('orders')
        .columns(['status', 'provider', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_subject_id_idx')
        .on('audit_log')
        .columns(['subject_type', 'subject_id', 'id'])
        .execute();
      await db.schema.dropIndex('audit_log_subject_idx').execute();
      await db.schema
        .createIndex('redeem_codes_created_idx')
        .on('redeem_codes')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('promo_codes_created_idx')
        .on('promo_codes')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
