import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * traffic_quota_usage: each quota member's traffic in their current cycle, kept as a running
 * total by the node feed's pushes (membership/quota-store.ts), so a push checks 2,000 members'
 * quotas with one read-and-add instead of summing their daily rows. `cycle_start` says which
 * cycle the total is of; a row of an older cycle (or none) is counted anew from the daily rows
 * at the member's next push, so the total always equals the daily rows' sum for the cycle.
 */
export function trafficQuotaUsageMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('traffic_quota_usage')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('cycle_start', 'bigint', (c) => c.notNull())
        .addColumn('upload', 'bigint', (c) => c.notNull())
        .addColumn('download', 'bigint', (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('traffic_quota_usage').execute();
    },
  };
}
