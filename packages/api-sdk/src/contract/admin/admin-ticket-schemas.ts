import { Type, type Static } from 'typebox';
import { ADJUSTMENT_DAYS_MAX, SUSPENSION_REASON_MAX, TICKET_MESSAGE_MAX } from '@nimbus/domain';
import { Id, NullableString, NumericId, PageNumber, SearchPage } from '../schemas/common.ts';
import {
  TicketAction,
  TicketCategorySchema,
  TicketStatusSchema,
  TicketSummary,
} from '../schemas/tickets.ts';

/**
 * The console's support queue (support and finance, `tickets.manage`): the queue per status,
 * oldest first, a thread with the member beside it (the console reads the member's facts with
 * `adminUserDetail`), replies, assignment, and actions taken from a ticket (refund with
 * `orders.manage`, grant time with `users.manage`) linked in the thread and the audit log.
 */
const strict = { additionalProperties: false } as const;
const Message = Type.String({ maxLength: TICKET_MESSAGE_MAX * 2 });
const Reason = Type.String({ minLength: 1, maxLength: SUSPENSION_REASON_MAX });

export const AdminTicketRow = Type.Object({
  ...TicketSummary.properties,
  userId: Id,
  /** The member's e-mail, phone or username (what the console shows for a member). */
  member: Type.String(),
  /** The operator who took it (username), or null. */
  assignee: NullableString,
});
export type AdminTicketRow = Static<typeof AdminTicketRow>;

export const AdminTicketMessage = Type.Object({
  id: Id,
  author: Type.Enum(['member', 'support', 'action']),
  /** The operator's username for support replies and actions. */
  operator: NullableString,
  body: Type.String(),
  action: Type.Union([TicketAction, Type.Null()]),
  createdAt: Type.Integer({ minimum: 0 }),
});
export type AdminTicketMessage = Static<typeof AdminTicketMessage>;

export const AdminTicketThread = Type.Object({
  ticket: AdminTicketRow,
  messages: Type.Array(AdminTicketMessage),
  /** The member's node traffic this cycle (bytes), beside the thread. */
  traffic: Type.Object({
    cycleStart: Type.Integer({ minimum: 0 }),
    upload: Type.Integer({ minimum: 0 }),
    download: Type.Integer({ minimum: 0 }),
  }),
});
export type AdminTicketThread = Static<typeof AdminTicketThread>;

const TicketRef = Type.Object({ ticketId: NumericId }, strict);

export const adminTicketSchemas = {
  /** One status's tickets, oldest first (by when they were opened); optionally one category. */
  adminTicketQueue: {
    request: Type.Object(
      {
        status: TicketStatusSchema,
        category: Type.Optional(TicketCategorySchema),
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
      },
      strict,
    ),
    response: SearchPage(AdminTicketRow),
  },
  adminTicketDetail: { request: TicketRef, response: AdminTicketThread },
  /** Answers the member (status waiting; a notice e-mail in the member's language). */
  adminTicketReply: {
    request: Type.Object({ ticketId: NumericId, message: Message }, strict),
    response: AdminTicketThread,
  },
  /** Takes the ticket: the calling operator becomes its assignee. */
  adminTicketAssign: { request: TicketRef, response: AdminTicketThread },
  adminTicketClose: { request: TicketRef, response: AdminTicketThread },
  /** Refunds one of the member's orders from the ticket (the console's refund), linked. */
  adminTicketRefund: {
    request: Type.Object({ ticketId: NumericId, orderId: Id, reason: Reason }, strict),
    response: AdminTicketThread,
  },
  /** Grants the member time from the ticket (the console's grant), linked. */
  adminTicketGrantTime: {
    request: Type.Object(
      {
        ticketId: NumericId,
        plan: Type.Enum(['standard', 'lite']),
        days: Type.Integer({ minimum: 1, maximum: ADJUSTMENT_DAYS_MAX }),
        reason: Reason,
      },
      strict,
    ),
    response: AdminTicketThread,
  },
} as const;
