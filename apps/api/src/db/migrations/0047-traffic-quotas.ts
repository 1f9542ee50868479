import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Traffic quotas (domain traffic-quota.ts, apps/api/src/plans/README.md):
 * - plans.quota_gb / quota_reset: the monthly quota a plan carries and its reset rule (both null:
 *   no quota, as before);
 * - users.quota_gb / quota_reset / quota_purchased_at: the quota of the member's last purchase of
 *   a plan, and when it was bought (the `purchase_day` rule and the first cycle start there);
 * - users.over_quota_until: set when a traffic report takes the member over the allowance, to the
 *   cycle's next reset (the node feed leaves them out while it is ahead; a reset needs no write);
 * - traffic_top_ups: bytes an operator granted (or a member bought) for the cycle they fall in;
 * - traffic_notices: the 80 % and 100 % notices already queued, once per member and cycle.
 */
export function trafficQuotasMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('plans').addColumn('quota_gb', 'integer').execute();
      await db.schema.alterTable('plans').addColumn('quota_reset', 'text').execute();
      await db.schema.alterTable('users').addColumn('quota_gb', 'integer').execute();
      await db.schema.alterTable('users').addColumn('quota_reset', 'text').execute();
      await db.schema.alterTable('users').addColumn('quota_purchased_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('over_quota_until', 'bigint').execute();
      await db.schema
        .createTable('traffic_top_ups')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('traffic_top_ups_user_idx')
        .on('traffic_top_ups')
        .columns(['user_id', 'at'])
        .execute();
      await db.schema
        .createTable('traffic_notices')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('cycle_start', 'bigint', (c) => c.notNull())
        .addColumn('threshold', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('traffic_notices_pk', ['user_id', 'cycle_start', 'threshold'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('traffic_notices').execute();
      await db.schema.dropTable('traffic_top_ups').execute();
      for (const c of ['over_quota_until', 'quota_purchased_at', 'quota_reset', 'quota_gb'])
        await db.schema.alterTable('users').dropColumn(c).execute();
      for (const c of ['quota_reset', 'quota_gb'])
        await db.schema.alterTable('plans').dropColumn(c).execute();
    },
  };
}
