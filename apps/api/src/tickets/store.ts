import type { Insertable, Selectable } from 'kysely';
import type { TicketCategory, TicketStatus } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import type { TicketMessagesTable, TicketsTable } from '../db/schema.ts';

/** The `tickets` and `ticket_messages` tables: members' support tickets and their threads. */
export type TicketRow = Selectable<TicketsTable>;
export type TicketMessageRow = Selectable<TicketMessagesTable>;

export async function insertTicket(db: Db, ticket: Insertable<TicketsTable>): Promise<TicketRow> {
  return db.insertInto('tickets').values(ticket).returningAll().executeTakeFirstOrThrow();
}

export async function insertTicketMessage(
  db: Db,
  message: Insertable<TicketMessagesTable>,
): Promise<void> {
  await db.insertInto('ticket_messages').values(message).execute();
}

/** A ticket by id; with `userId`, only when it is that member's (else undefined). */
export async function findTicket(
  db: Db,
  id: number,
  userId?: number,
): Promise<TicketRow | undefined> {
  let query = db.selectFrom('tickets').selectAll().where('id', '=', id);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/** Locks a ticket's row for a change (PostgreSQL; SQLite transactions take the write lock). */
export async function lockTicket(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  id: number,
): Promise<TicketRow | undefined> {
  let query = db.selectFrom('tickets').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateTicket(
  db: Db,
  id: number,
  changes: { status?: TicketStatus; assignee_id?: number | null; updated_at: number },
): Promise<void> {
  await db.updateTable('tickets').set(changes).where('id', '=', id).execute();
}

/** A ticket's thread, oldest first. */
export async function messagesOf(db: Db, ticketId: number): Promise<TicketMessageRow[]> {
  return db
    .selectFrom('ticket_messages')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

/** A member's tickets, the latest activity first, and how many there are. */
export async function ticketsOfUser(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('tickets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The console's queue filter: one status, optionally one category. */
export function queueMatches(db: Db, filter: { status: TicketStatus; category?: TicketCategory }) {
  let query = db.selectFrom('tickets').where('status', '=', filter.status);
  if (filter.category) query = query.where('category', '=', filter.category);
  return query;
}

/** One page of the queue, oldest first. */
export async function queuePage(
  db: Db,
  filter: { status: TicketStatus; category?: TicketCategory },
  page: { limit: number; offset: number },
): Promise<TicketRow[]> {
  return queueMatches(db, filter)
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
