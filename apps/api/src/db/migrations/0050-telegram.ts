import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * The Telegram bot (src/telegram/README.md):
 * - telegram_links: the chat a member linked (one per member, one member per chat), whether
 *   notices go there;
 * - telegram_link_codes: one-time codes of `t.me/<bot>?start=<code>` links, stored as SHA-256;
 * - telegram_queue: messages waiting to be sent, claimed like mail_queue's rows.
 */
export function telegramMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('telegram_links')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        // Telegram chat ids reach 2^52: text, so no dialect rounds them.
        .addColumn('chat_id', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text')
        .addColumn('notices', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('linked_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('telegram_link_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('telegram_link_codes_user_idx')
        .on('telegram_link_codes')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('telegram_queue')
        .addColumn('id', 'integer', id)
        .addColumn('chat_id', 'text', (c) => c.notNull())
        // The member it is for; null for an operators' alert.
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('text', 'text', (c) => c.notNull())
        // 'due' | 'sending' | 'sent' | 'failed' | 'skipped' (unlinked before it was sent).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('telegram_queue_due_idx')
        .on('telegram_queue')
        .columns(['status', 'due_at'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('telegram_queue').execute();
      await db.schema.dropTable('telegram_link_codes').execute();
      await db.schema.dropTable('telegram_links').execute();
    },
  };
}
