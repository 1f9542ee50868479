import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Accounts, sessions, verification codes, rate counters, signature nonces, devices and
 * per-device trials.
 * Works on both dialects: an identity column on PostgreSQL, AUTOINCREMENT on SQLite; bigint
 * millisecond timestamps; 0/1 integer flags.
 */
export function accountsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();

  return {
    // Kysely<any> is the documented type for migrations: they must not depend on today's schema.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('username', 'text', (c) => c.unique())
        .addColumn('username_display', 'text')
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('phone', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('inviter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('standard_expires_at', 'bigint')
        .addColumn('lite_expires_at', 'bigint')
        .addColumn('devices_allowed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('trial_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('yearly_paid_user', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('benefits_expires_at', 'bigint')
        .addColumn('is_kol', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('third_party_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

      await db.schema
        .createTable('user_attribution')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('gclid', 'text')
        .addColumn('wbraid', 'text')
        .addColumn('gbraid', 'text')
        .addColumn('twclid', 'text')
        .addColumn('bd_vid', 'text')
        .addColumn('fbclid', 'text')
        .addColumn('msclkid', 'text')
        .addColumn('ref', 'text')
        .addColumn('ref_action', 'text')
        .addColumn('captured_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('device_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema
        .createIndex('sessions_expires_idx')
        .on('sessions')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('verification_codes')
        .addColumn('id', 'integer', id)
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('verification_codes_target_idx')
        .on('verification_codes')
        .columns(['target', 'purpose', 'created_at'])
        .execute();
      await db.schema
        .createIndex('verification_codes_expires_idx')
        .on('verification_codes')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
        .execute();
      await db.schema
        .createIndex('rate_counters_expires_idx')
        .on('rate_counters')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('signature_nonces')
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('signature_nonces_pk', ['nonce', 'timestamp'])
        .execute();
      await db.schema
        .createIndex('signature_nonces_expires_idx')
        .on('signature_nonces')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('devices')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('device_key', 'text', (c) => c.notNull())
        .addColumn('platform', 'integer', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('system', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('devices_user_key_unique', ['user_id', 'device_key'])
        .execute();

      await db.schema
        .createTable('device_trials')
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('used_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_trials_pk', ['device_id', 'kind'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      for (const table of [
        'device_trials',
        'devices',
        'signature_nonces',
        'rate_counters',
        'verification_codes',
        'sessions',
        'user_attribution',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
