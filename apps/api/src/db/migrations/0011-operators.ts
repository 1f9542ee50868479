import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Operators of the console (src/admin/README.md): their accounts (argon2id password, TOTP
 * secret sealed with a key derived from the server secret), single-use recovery codes (hashed)
 * and their own short sessions, apart from the members' sessions.
 */
export function operatorsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('operators')
        .addColumn('id', 'integer', id)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('totp_pending', 'text')
        // The last time step a code was accepted for: a code is used once.
        .addColumn('totp_last_step', 'bigint')
        .addColumn('enrolled_at', 'bigint')
        .addColumn('disabled_at', 'bigint')
        .addColumn('last_login_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('operator_recovery_codes')
        .addColumn('id', 'integer', id)
        .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('operator_recovery_codes_operator_idx')
        .on('operator_recovery_codes')
        .columns(['operator_id', 'code_hash'])
        .execute();
      await db.schema
        .createTable('operator_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
        // 'enrolment' (may only set up two-factor) or 'full'.
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('operator_sessions_operator_idx')
        .on('operator_sessions')
        .column('operator_id')
        .execute();
    },
  };
}
