import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Operator alerts (src/alerts/README.md): one row per thing that can go wrong (`node_offline:12`,
 * `payment_failing:stripe`), open while it is wrong. Raising an alert that is already open does
 * nothing, so several servers running the same check send it once; resolving it closes the row.
 */
export function operatorAlertsMigration(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('operator_alerts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        // Null while the alert is open.
        .addColumn('closed_at', 'bigint')
        .addColumn('times_opened', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('operator_alerts').execute();
    },
  };
}
