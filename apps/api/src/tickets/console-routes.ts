import {
  ErrorCode,
  type AdminEndpointName,
  type AdminResponseOf,
  type TicketAction,
} from '@nimbus/api-sdk/contract';
import { rowId } from '../db/row-id.ts';
import {
  searchPageRequest,
  ticketMessage,
  trafficCycleStartDay,
  trafficDayStart,
  trafficThisCycle,
  type Language,
} from '@nimbus/domain';
import { findOrder, refundForOperator, type OrderServices } from '../orders/index.ts';
import { operatorById } from '../operators/index.ts';
import { adjustUserTime } from '../membership/index.ts';
import { writeAudit } from '../audit/index.ts';
import { withCappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import {
  operatorOf,
  type AdminCallContext,
  type AdminHandler,
  type AdminHandlers,
} from '../http/console-handler.ts';
import { deliverQueuedMail } from '../mail/index.ts';
import { dailyTrafficOf } from '../nodes/index.ts';
import { accountName, contactsOf } from '../accounts/index.ts';
import { validText } from './open-ticket.ts';
import {
  findTicket,
  messagesOf,
  queueMatches,
  queuePage,
  updateTicket,
  type TicketRow,
} from './store.ts';
import { consoleMessage, consoleRow } from './ticket-views.ts';
import { writeToTicket } from './write-ticket.ts';

/**
 * The console's support queue (support and finance): the queue, a thread with the member's
 * traffic beside it (the console reads the rest of the member with adminUserDetail), replies,
 * assignment, closing, and the console's own refund and grant taken from a ticket, each linked
 * in the thread (an action entry) and the audit log (`ticket.action`, naming the ticket).
 */

export type TicketConsoleCall = Extract<AdminEndpointName, `adminTicket${string}`>;

async function operatorNames(db: Db, ids: readonly (number | null)[]) {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = await Promise.all(unique.map((id) => operatorById(db, id)));
  return new Map(found.flatMap((o) => (o ? [[o.id, o.username] as const] : [])));
}

async function memberNames(db: Db, userIds: readonly number[]) {
  const contacts = await contactsOf(db, userIds);
  return (userId: number) => {
    const contact = contacts.get(userId);
    return contact ? accountName(contact) : `#${userId}`;
  };
}

async function ticketOrMissing(db: Db, ticketId: string): Promise<TicketRow> {
  const ticket = await findTicket(db, rowId(ticketId));
  if (!ticket) throw new Refusal(ErrorCode.TICKET_NOT_FOUND);
  return ticket;
}

async function consoleThread(
  db: Db,
  ticket: TicketRow,
  now: number,
): Promise<AdminResponseOf<'adminTicketDetail'>> {
  const cycleStart = trafficCycleStartDay(now);
  const [messages, member, traffic] = await Promise.all([
    messagesOf(db, ticket.id),
    memberNames(db, [ticket.user_id]),
    dailyTrafficOf(db, ticket.user_id, cycleStart),
  ]);
  const operators = await operatorNames(db, [
    ticket.assignee_id,
    ...messages.map((m) => m.operator_id),
  ]);
  const cycle = trafficThisCycle(traffic, now);
  return {
    ticket: consoleRow(
      ticket,
      member(ticket.user_id),
      ticket.assignee_id === null ? null : (operators.get(ticket.assignee_id) ?? null),
    ),
    messages: messages.map((m) => consoleMessage(m, operators)),
    traffic: {
      cycleStart: trafficDayStart(cycleStart),
      upload: cycle.upload,
      download: cycle.download,
    },
  };
}

// POST /api/admin/ticket_queue
export const adminTicketQueue: AdminHandler<'adminTicketQueue'> = async (input, ctx) => {
  const { db } = ctx.services;
  const page = searchPageRequest(input.page, input.pageSize);
  const filter = { status: input.status, ...(input.category ? { category: input.category } : {}) };
  const { rows, total, totalCapped } = await withCappedCount(
    db,
    queueMatches(db, filter),
    queuePage(db, filter, page),
  );
  const [member, operators] = await Promise.all([
    memberNames(
      db,
      rows.map((r) => r.user_id),
    ),
    operatorNames(
      db,
      rows.map((r) => r.assignee_id),
    ),
  ]);
  return {
    items: rows.map((r) =>
      consoleRow(
        r,
        member(r.user_id),
        r.assignee_id === null ? null : (operators.get(r.assignee_id) ?? null),
      ),
    ),
    total,
    totalCapped,
    page: page.page,
    pageSize: page.pageSize,
  };
};

// POST /api/admin/ticket_detail
export const adminTicketDetail: AdminHandler<'adminTicketDetail'> = async (input, ctx) =>
  consoleThread(ctx.services.db, await ticketOrMissing(ctx.services.db, input.ticketId), ctx.now);

// POST /api/admin/ticket_reply
export const adminTicketReply: AdminHandler<'adminTicketReply'> = async (input, ctx) => {
  const { operatorId } = operatorOf(ctx);
  const body = validText(ticketMessage(input.message));
  const ticket = await writeToTicket(
    ctx.services,
    rowId(input.ticketId),
    { kind: 'support_wrote', body, operatorId },
    ctx.now,
  );
  // The notice is queued with the reply; sent now when it can be (the jobs retry otherwise).
  await deliverQueuedMail(ctx.services, ctx.now).catch(() => 0);
  return consoleThread(ctx.services.db, ticket, ctx.now);
};

// POST /api/admin/ticket_assign
export const adminTicketAssign: AdminHandler<'adminTicketAssign'> = async (input, ctx) => {
  const { db } = ctx.services;
  const operator = operatorOf(ctx);
  const ticket = await ticketOrMissing(db, input.ticketId);
  await db.transaction().execute(async (trx) => {
    await updateTicket(trx, ticket.id, {
      assignee_id: operator.operatorId,
      updated_at: Number(ticket.updated_at),
    });
    await writeAudit(trx, {
      actor: operator.actor,
      action: 'ticket.assigned',
      subjectType: 'ticket',
      subjectId: ticket.id,
      data: { from: ticket.assignee_id },
      at: ctx.now,
    });
  });
  return consoleThread(db, { ...ticket, assignee_id: operator.operatorId }, ctx.now);
};

// POST /api/admin/ticket_close
export const adminTicketClose: AdminHandler<'adminTicketClose'> = async (input, ctx) => {
  const ticket = await writeToTicket(
    ctx.services,
    rowId(input.ticketId),
    { kind: 'closed' },
    ctx.now,
  );
  return consoleThread(ctx.services.db, ticket, ctx.now);
};

/** Links an action taken from a ticket: its entry in the thread and its audit row. */
async function linkAction(
  ctx: AdminCallContext,
  ticket: TicketRow,
  action: TicketAction,
  reason: string,
) {
  const operator = operatorOf(ctx);
  const written = await writeToTicket(
    ctx.services,
    ticket.id,
    { kind: 'action', action, note: reason.trim(), operatorId: operator.operatorId },
    ctx.now,
  );
  await writeAudit(ctx.services.db, {
    actor: operator.actor,
    action: 'ticket.action',
    subjectType: 'ticket',
    subjectId: ticket.id,
    data: { ...action, userId: ticket.user_id },
    at: ctx.now,
  });
  return consoleThread(ctx.services.db, written, ctx.now);
}

// POST /api/admin/ticket_refund
export const adminTicketRefund: AdminHandler<'adminTicketRefund', OrderServices> = async (
  input,
  ctx,
) => {
  const ticket = await ticketOrMissing(ctx.services.db, input.ticketId);
  // Only the ticket's member's orders are refunded from it.
  const order = await findOrder(ctx.services.db, {
    userId: ticket.user_id,
    publicId: input.orderId,
  });
  if (!order) throw new Refusal(ErrorCode.ORDER_NOT_FOUND);
  const { refunded } = await refundForOperator(
    ctx.services,
    { orderId: input.orderId, reason: input.reason },
    operatorOf(ctx).actor,
    ctx.now,
    ctx.language as Language,
  );
  if (!refunded) return consoleThread(ctx.services.db, ticket, ctx.now);
  await deliverQueuedMail(ctx.services, ctx.now).catch(() => 0);
  return linkAction(ctx, ticket, { kind: 'refund', orderId: input.orderId }, input.reason);
};

// POST /api/admin/ticket_grant_time
export const adminTicketGrantTime: AdminHandler<'adminTicketGrantTime'> = async (input, ctx) => {
  const ticket = await ticketOrMissing(ctx.services.db, input.ticketId);
  await adjustUserTime(
    ctx.services,
    { userId: ticket.user_id, plan: input.plan, days: input.days, reason: input.reason },
    operatorOf(ctx).actor,
    ctx.now,
  );
  return linkAction(
    ctx,
    ticket,
    { kind: 'grant', plan: input.plan, days: input.days },
    input.reason,
  );
};

/** The console's ticket calls, joined to the console's handler map by the app. */
export const ticketConsoleHandlers: Pick<AdminHandlers<OrderServices>, TicketConsoleCall> = {
  adminTicketQueue,
  adminTicketDetail,
  adminTicketReply,
  adminTicketAssign,
  adminTicketClose,
  adminTicketRefund,
  adminTicketGrantTime,
};
