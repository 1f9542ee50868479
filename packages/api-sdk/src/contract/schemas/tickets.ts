import {
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
} from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { Id, NullableString, NumericId, Page, PageRequest, Timestamp } from './common.ts';

/**
 * Support tickets (domain tickets.ts). Texts are plain text: screens render them as text. The
 * request lengths leave room for what the domain trims (spaces, line breaks) and refuses itself
 * with a localised `text_too_long`.
 */
const strict = { additionalProperties: false } as const;
export const TicketCategorySchema = Type.Enum([...TICKET_CATEGORIES]);
export const TicketStatusSchema = Type.Enum([...TICKET_STATUSES]);
const Subject = Type.String({ maxLength: TICKET_SUBJECT_MAX * 2 });
const Message = Type.String({ maxLength: TICKET_MESSAGE_MAX * 2 });

/** What a ticket's action entry did: an operator refunded an order or granted time from it. */
export const TicketAction = Type.Union([
  Type.Object({ kind: Type.Literal('refund'), orderId: Id }),
  Type.Object({
    kind: Type.Literal('grant'),
    plan: Type.Enum(['standard', 'lite']),
    days: Type.Integer(),
  }),
]);
export type TicketAction = Static<typeof TicketAction>;

export const TicketMessage = Type.Object({
  id: Id,
  /** member: the ticket's member; support: an operator; action: an operator's action. */
  author: Type.Enum(['member', 'support', 'action']),
  body: Type.String(),
  action: Type.Union([TicketAction, Type.Null()]),
  createdAt: Timestamp,
});
export type TicketMessage = Static<typeof TicketMessage>;

export const TicketSummary = Type.Object({
  ticketId: Id,
  subject: Type.String(),
  category: TicketCategorySchema,
  status: TicketStatusSchema,
  /** The order or device the member tied it to (the order's public id, the device's name). */
  orderId: NullableString,
  deviceName: NullableString,
  createdAt: Timestamp,
  /** The last message. */
  updatedAt: Timestamp,
});
export type TicketSummary = Static<typeof TicketSummary>;

export const TicketThread = Type.Object({
  ticket: TicketSummary,
  /** Oldest first. */
  messages: Type.Array(TicketMessage),
});
export type TicketThread = Static<typeof TicketThread>;

export const TicketRef = Type.Object({ ticketId: NumericId }, strict);

export const TicketOpenRequest = Type.Object(
  {
    subject: Subject,
    category: TicketCategorySchema,
    message: Message,
    /** One of the member's orders (public id), or absent. */
    orderId: Type.Optional(Id),
    /** One of the member's devices (Device.id), or absent. */
    deviceId: Type.Optional(NumericId),
  },
  strict,
);
export type TicketOpenRequest = Static<typeof TicketOpenRequest>;

export const TicketReplyRequest = Type.Object({ ticketId: NumericId, message: Message }, strict);

export const tickets = {
  /** The caller's tickets, the latest activity first. */
  userTicketList: { request: PageRequest, response: Page(TicketSummary) },
  /** Opens a ticket (rate limited, RATE_LIMITED past domain TICKET_OPEN_LIMIT). */
  userTicketOpen: { request: TicketOpenRequest, response: TicketThread },
  /** One of the caller's tickets with its thread; another's is TICKET_NOT_FOUND. */
  userTicketDetail: { request: TicketRef, response: TicketThread },
  userTicketReply: { request: TicketReplyRequest, response: TicketThread },
  userTicketClose: { request: TicketRef, response: TicketThread },
} as const;
