import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Support tickets (src/tickets): a member's ticket (subject, category, status, optionally one of
 * their orders or devices, the operator who took it) and its thread, oldest first: the member's
 * and support's messages and the actions taken from it (a refund, granted time), each naming
 * what it did.
 */
export function ticketsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tickets')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('subject', 'text', (c) => c.notNull())
        // domain TicketCategory, TicketStatus.
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // The order's public id and the device row the member tied it to.
        .addColumn('order_id', 'text')
        .addColumn('device_id', 'integer')
        .addColumn('device_name', 'text')
        .addColumn('assignee_id', 'integer', (c) => c.references('operators.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // A member's list (latest first) and the console's queue per status (oldest first).
      await db.schema
        .createIndex('tickets_user_idx')
        .on('tickets')
        .columns(['user_id', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('tickets_queue_idx')
        .on('tickets')
        .columns(['status', 'created_at', 'id'])
        .execute();
      await db.schema
        .createTable('ticket_messages')
        .addColumn('id', 'integer', id)
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
        // 'member' | 'support' | 'action'.
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
        .addColumn('body', 'text', (c) => c.notNull())
        // JSON of the action (contract TicketAction), null for a message.
        .addColumn('action', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ticket_messages_ticket_idx')
        .on('ticket_messages')
        .columns(['ticket_id', 'id'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ticket_messages').execute();
      await db.schema.dropTable('tickets').execute();
    },
  };
}
