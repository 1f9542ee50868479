import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Joining the KOL programme and paying KOLs to their wallet (src/inviters/README.md), and the queue of
 * notice e-mails (src/mail/README.md):
 * - kol_applications: a member's applications, newest last; a partial unique index keeps one
 *   pending application per member whatever races;
 * - kol_wallets: the payout wallet in force per KOL (its changes are in the audit log);
 * - kol_payouts.wallet_network/wallet_address: the wallet a payout was sent to, as it was then;
 * - mail_queue: notices written in the transaction that causes them, sent after it by the
 *   scheduled jobs (SMTP, or the dev outbox), each claimed by one process.
 */
export function kolProgrammeMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('kol_applications')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        // 'pending' | 'approved' | 'declined' (domain KolApplicationStatus).
        .addColumn('status', 'text', (c) => c.notNull())
        // JSON array of the channel links.
        .addColumn('links', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('wallet_network', 'text', (c) => c.notNull())
        .addColumn('wallet_address', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('decline_reason', 'text')
        .execute();
      await db.schema
        .createIndex('kol_applications_user_idx')
        .on('kol_applications')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('kol_applications_status_idx')
        .on('kol_applications')
        .columns(['status', 'submitted_at'])
        .execute();
      await db.schema
        .createIndex('kol_applications_one_pending')
        .on('kol_applications')
        .column('user_id')
        .unique()
        .where(sql<boolean>`status = 'pending'`)
        .execute();

      await db.schema
        .createTable('kol_wallets')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('kol_payouts').addColumn('wallet_network', 'text').execute();
      await db.schema.alterTable('kol_payouts').addColumn('wallet_address', 'text').execute();

      await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'integer', id)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        // The notice (src/mail/notices.ts), whose texts are `mail:<kind>_subject|_body`.
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON of the texts' variables.
        .addColumn('vars', 'text', (c) => c.notNull())
        // 'due' | 'sending' (claimed by one process) | 'sent' | 'failed' (gave up).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('mail_queue_status_idx')
        .on('mail_queue')
        .columns(['status', 'created_at'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('mail_queue').execute();
      await db.schema.alterTable('kol_payouts').dropColumn('wallet_address').execute();
      await db.schema.alterTable('kol_payouts').dropColumn('wallet_network').execute();
      await db.schema.dropTable('kol_wallets').execute();
      await db.schema.dropTable('kol_applications').execute();
    },
  };
}
