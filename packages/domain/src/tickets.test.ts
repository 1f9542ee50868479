import { describe, expect, test } from 'vitest';
import {
  TICKET_MESSAGE_MAX,
  ticketMessage,
  ticketStatusAfter,
  ticketSubject,
  type TicketEvent,
  type TicketStatus,
} from './tickets.ts';

describe('ticket texts', () => {
  test.each<[string, string, object]>([
    [
      'a subject is trimmed to one line',
      '  Payment\n failed ',
      { ok: true, value: 'Payment failed' },
    ],
    ['an empty subject is refused', ' \n ', { ok: false, error: 'text_required' }],
    [
      'a subject of 121 characters is refused',
      'x'.repeat(121),
      { ok: false, error: 'text_too_long', params: { max: 120 } },
    ],
    ['a subject of 120 characters is kept', 'é'.repeat(120), { ok: true, value: 'é'.repeat(120) }],
  ])('%s', (_rule, raw, expected) => {
    expect(ticketSubject(raw)).toEqual(expected);
  });

  test.each<[string, string, object]>([
    ['line breaks are kept, CRLF as LF', ' Hi\r\nthere\n\n', { ok: true, value: 'Hi\nthere' }],
    ['HTML is kept as the text it is', '<b>x</b>', { ok: true, value: '<b>x</b>' }],
    ['control characters are dropped', 'a\u0000b\u0007c\td', { ok: true, value: 'abc\td' }],
    ['empty is refused', '\n\t ', { ok: false, error: 'text_required' }],
    [
      'the maximum counts code points',
      '好'.repeat(TICKET_MESSAGE_MAX),
      { ok: true, value: '好'.repeat(TICKET_MESSAGE_MAX) },
    ],
    [
      'one past the maximum is refused',
      'x'.repeat(TICKET_MESSAGE_MAX + 1),
      { ok: false, error: 'text_too_long', params: { max: TICKET_MESSAGE_MAX } },
    ],
  ])('%s', (_rule, raw, expected) => {
    expect(ticketMessage(raw)).toEqual(expected);
  });
});

describe('ticket status', () => {
  test.each<[TicketStatus, TicketEvent, TicketStatus | null]>([
    ['open', 'member_wrote', 'open'],
    ['open', 'support_wrote', 'waiting'],
    ['waiting', 'member_wrote', 'open'],
    ['waiting', 'support_wrote', 'waiting'],
    ['open', 'closed', 'closed'],
    ['waiting', 'closed', 'closed'],
    ['closed', 'member_wrote', null],
    ['closed', 'support_wrote', null],
    ['closed', 'closed', null],
  ])('%s + %s -> %s', (status, event, expected) => {
    expect(ticketStatusAfter(status, event)).toBe(expected);
  });
});
