import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { rowId } from '../db/row-id.ts';
import { pageRequest, ticketMessage } from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { openTicket, validText } from './open-ticket.ts';
import { findTicket, messagesOf, ticketsOfUser, type TicketRow } from './store.ts';
import { memberMessage, ticketSummary } from './ticket-views.ts';
import { writeToTicket } from './write-ticket.ts';
import type { Db } from '../db/database.ts';

/** The member's calls (account centre and KOL dashboard): only ever the caller's own tickets. */

async function thread(db: Db, ticket: TicketRow): Promise<ResponseOf<'userTicketDetail'>> {
  const messages = await messagesOf(db, ticket.id);
  return { ticket: ticketSummary(ticket), messages: messages.map(memberMessage) };
}

// POST /api/user/user_ticket_list
export async function listTickets(
  input: RequestOf<'userTicketList'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTicketList'>> {
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  const { rows, total } = await ticketsOfUser(ctx.services.db, userId, page);
  return { items: rows.map(ticketSummary), total, page: page.page, pageSize: page.pageSize };
}

// POST /api/user/user_ticket_open
export async function openMemberTicket(
  input: RequestOf<'userTicketOpen'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTicketOpen'>> {
  const { userId } = callerOf(ctx);
  const ticket = await openTicket(ctx.services, userId, input, ctx.now);
  return thread(ctx.services.db, ticket);
}

// POST /api/user/user_ticket_detail
export async function ticketDetail(
  input: RequestOf<'userTicketDetail'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTicketDetail'>> {
  const { userId } = callerOf(ctx);
  const ticket = await findTicket(ctx.services.db, rowId(input.ticketId), userId);
  if (!ticket) throw new Refusal(ErrorCode.TICKET_NOT_FOUND);
  return thread(ctx.services.db, ticket);
}

// POST /api/user/user_ticket_reply
export async function replyToTicket(
  input: RequestOf<'userTicketReply'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTicketReply'>> {
  const { userId } = callerOf(ctx);
  const body = validText(ticketMessage(input.message));
  const ticket = await writeToTicket(
    ctx.services,
    rowId(input.ticketId),
    { kind: 'member_wrote', body },
    ctx.now,
    { userId },
  );
  return thread(ctx.services.db, ticket);
}

// POST /api/user/user_ticket_close
export async function closeTicket(
  input: RequestOf<'userTicketClose'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTicketClose'>> {
  const { userId } = callerOf(ctx);
  const ticket = await writeToTicket(
    ctx.services,
    rowId(input.ticketId),
    { kind: 'closed' },
    ctx.now,
    { userId },
  );
  return thread(ctx.services.db, ticket);
}
