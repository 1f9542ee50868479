import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Run-time settings (src/settings/README.md): the values an operator set, one row per key. A
 * key without a row (or with a null value) takes its environment default.
 */
export function settingsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
