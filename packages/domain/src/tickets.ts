import { MS_PER_HOUR } from './duration.ts';
import { normaliseInlineText } from './inline-edit.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Support tickets: a member (or a KOL) writes to support from the account centre or the
 * dashboard, support answers from the console. Text only: the server stores what was typed and
 * every screen renders it as text, never as HTML.
 */
export const TICKET_CATEGORIES = ['payment', 'connection', 'account', 'affiliate'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/**
 * open: the member wrote last (support's turn); waiting: support answered (the member's turn);
 * closed: either side closed it (nothing more is written to it).
 */
export const TICKET_STATUSES = ['open', 'waiting', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 5000;

/** New tickets per member: at most this many within a day. */
export const TICKET_OPEN_LIMIT = { max: 5, windowMs: 24 * MS_PER_HOUR } as const;

export const isTicketCategory = (value: unknown): value is TicketCategory =>
  typeof value === 'string' && (TICKET_CATEGORIES as readonly string[]).includes(value);

/** A ticket's subject: one line, trimmed, 1 to TICKET_SUBJECT_MAX characters. */
export function ticketSubject(raw: string): Result<string, 'text_required' | 'text_too_long'> {
  return normaliseInlineText(raw, { maxLength: TICKET_SUBJECT_MAX });
}

/**
 * A message of a thread: line breaks kept (as \n), trailing spaces of the whole text trimmed,
 * control characters other than tab and line breaks dropped; 1 to TICKET_MESSAGE_MAX characters
 * (code points).
 */
export function ticketMessage(raw: string): Result<string, 'text_required' | 'text_too_long'> {
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  const trimmed = text.trim();
  if (trimmed === '') return err('text_required');
  if ([...trimmed].length > TICKET_MESSAGE_MAX)
    return err('text_too_long', { max: TICKET_MESSAGE_MAX });
  return ok(trimmed);
}

export type TicketEvent = 'member_wrote' | 'support_wrote' | 'closed';

/**
 * The status after an event, or null when the event is not allowed: nothing is written to a
 * closed ticket, and closing twice changes nothing (refused).
 */
export function ticketStatusAfter(status: TicketStatus, event: TicketEvent): TicketStatus | null {
  if (status === 'closed') return null;
  if (event === 'closed') return 'closed';
  return event === 'member_wrote' ? 'open' : 'waiting';
}
