import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Benefits (shared accounts for yearly members, passwords sealed with AES-256-GCM), the node
 * list the subscription configurations are built from, the third-party client switch per user,
 * and subscription tokens (SHA-256 for look-up, sealed copy of the active one to show it again).
 */
export function benefitsThirdPartyMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('benefits')
        .addColumn('id', 'integer', id)
        .addColumn('benefit_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('password_sealed', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('nodes')
        .addColumn('id', 'integer', id)
        .addColumn('node_key', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('access', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('third_party_clients')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled_at', 'bigint')
        .addColumn('last_enabled_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('subscription_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_sealed', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('subscription_tokens_user_idx')
        .on('subscription_tokens')
        .column('user_id')
        .execute();
      // One active link per user, whatever races: a second insert for the same user fails.
      await db.schema
        .createIndex('subscription_tokens_active_unique')
        .on('subscription_tokens')
        .column('user_id')
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('subscription_tokens_revoked_idx')
        .on('subscription_tokens')
        .column('revoked_at')
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      for (const table of ['subscription_tokens', 'third_party_clients', 'nodes', 'benefits']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
