import { ErrorCode } from '@nimbus/api-sdk/contract';
import { TICKET_MESSAGE_MAX, TICKET_OPEN_LIMIT } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditActions, buy, pressOnCheckout, userRow } from '../support/payments.ts';
import { quickUser } from '../support/group-buy.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../support/smtp.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectRefusal } from '../security/fixtures.ts';

// Support tickets (src/tickets): a member's own tickets only, text kept as text, limits with
// clear refusals, and the console's queue, reply (with the notice e-mail) and actions taken
// from a ticket, linked in the thread and the audit log.

let smtp: LoopbackSmtp;
let t: TestApp;
let support: SignedInOperator;
let finance: SignedInOperator;
beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  t = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nimbus <notices@nimbus.test>',
      PUBLIC_URL: 'https://nimbus.test',
      JOBS_INTERVAL_SECONDS: '0',
    },
  });
  support = await enrolledOperator(t, 'support');
  finance = await enrolledOperator(t, 'finance');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
async function member(language: 'en' | 'zh_CN' = 'en') {
  const email = `ticket.${process.pid}.${++counter}.${Date.now()}@example.com`;
  const user = await quickUser(t, { email, language });
  return { ...user, email };
}
const page = { page: 1, pageSize: 20 };
const question = { subject: 'Payment failed', category: 'payment', message: 'Charged, no plan.' };

describe('a member and support', () => {
  test('open, read, reply, refund from the ticket, the e-mail in the member’s language, close', async () => {
    const zh = await member('zh_CN');
    const order = await buy(zh.client);
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    const opened = await zh.client.ok('userTicketOpen', {
      ...question,
      message: 'Line one\r\nLine two',
      orderId: order.orderId,
    });
    expect(opened.ticket).toMatchObject({
      subject: 'Payment failed',
      category: 'payment',
      status: 'open',
      orderId: order.orderId,
    });
    expect(opened.messages).toMatchObject([{ author: 'member', body: 'Line one\nLine two' }]);
    const { ticketId } = opened.ticket;

    // The queue: oldest first, by category; another category does not list it.
    const queue = await support.client.ok('adminTicketQueue', { status: 'open', ...page });
    const mine = queue.items.find((row) => row.ticketId === ticketId);
    expect(mine).toMatchObject({ userId: String(zh.userId), member: zh.email, assignee: null });
    const created = queue.items.map((row) => row.createdAt);
    expect(created).toEqual([...created].sort((x, y) => x - y));
    const other = await support.client.ok('adminTicketQueue', {
      status: 'open',
      category: 'connection',
      ...page,
    });
    expect(other.items.some((row) => row.ticketId === ticketId)).toBe(false);

    const assigned = await support.client.ok('adminTicketAssign', { ticketId });
    expect(assigned.ticket.assignee).toBe(support.username);
    const answered = await support.client.ok('adminTicketReply', {
      ticketId,
      message: 'We are refunding it now.',
    });
    expect(answered.ticket.status).toBe('waiting');
    expect(answered.messages.at(-1)).toMatchObject({
      author: 'support',
      operator: support.username,
    });

    // The purchase's receipt went first (sent with the reply's notice).
    const mail = (await smtp.waitFor(zh.email, 2)).find((m) => m.subject.startsWith('客服'));
    expect(mail?.subject).toBe('客服已回复：Payment failed');
    expect(mail?.text).toContain('We are refunding it now.');
    expect(mail?.text).toContain(`https://nimbus.test/user/support/${ticketId}`);
    // An optional notice (updates): it carries the one-click unsubscribe.
    expect(mail?.text).toContain('https://nimbus.test/unsubscribe?key=');

    // Support may not refund (orders.manage); finance refunds from the ticket.
    const refused = await support.client.call('adminTicketRefund', {
      ticketId,
      orderId: order.orderId,
      reason: 'Charged twice',
    });
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN.code);
    const refunded = await finance.client.ok('adminTicketRefund', {
      ticketId,
      orderId: order.orderId,
      reason: 'Charged twice',
    });
    expect(refunded.messages.at(-1)).toMatchObject({
      author: 'action',
      operator: finance.username,
      body: 'Charged twice',
      action: { kind: 'refund', orderId: order.orderId },
    });
    expect(await auditActions(t, 'ticket', ticketId)).toEqual(['ticket.assigned', 'ticket.action']);
    expect(await auditActions(t, 'order', order.orderId)).toContain('order.refund_reason');

    // Support grants time from it (users.manage).
    const before = await userRow(t, zh.userId);
    const granted = await support.client.ok('adminTicketGrantTime', {
      ticketId,
      plan: 'standard',
      days: 7,
      reason: 'Sorry for the trouble',
    });
    expect(granted.messages.at(-1)?.action).toEqual({ kind: 'grant', plan: 'standard', days: 7 });
    expect((await userRow(t, zh.userId)).standard_expires_at ?? 0).toBeGreaterThan(
      before.standard_expires_at ?? 0,
    );

    // The member sees the reply and both actions, without the operators' names or notes.
    const seen = await zh.client.ok('userTicketDetail', { ticketId });
    expect(seen.ticket.status).toBe('waiting');
    expect(seen.messages.map((m) => m.author)).toEqual(['member', 'support', 'action', 'action']);
    expect(JSON.stringify(seen)).not.toContain(support.username);
    expect(JSON.stringify(seen)).not.toContain('Charged twice');
    expect(seen.messages[2]?.action).toEqual({ kind: 'refund', orderId: order.orderId });

    const replied = await zh.client.ok('userTicketReply', { ticketId, message: 'Thank you!' });
    expect(replied.ticket.status).toBe('open');
    const closed = await zh.client.ok('userTicketClose', { ticketId });
    expect(closed.ticket.status).toBe('closed');
    expectRefusal(
      await zh.client.call('userTicketReply', { ticketId, message: 'again' }),
      ErrorCode.TICKET_CLOSED,
    );
    expectRefusal(
      await support.client.call('adminTicketReply', { ticketId, message: 'again' }),
      ErrorCode.TICKET_CLOSED,
    );
    const list = await zh.client.ok('userTicketList', page);
    expect(list.items.map((i) => [i.ticketId, i.status])).toEqual([[ticketId, 'closed']]);
    const closedQueue = await support.client.ok('adminTicketQueue', { status: 'closed', ...page });
    expect(closedQueue.items.some((row) => row.ticketId === ticketId)).toBe(true);
  });

  test('a member who turned updates off gets no reply e-mail', async () => {
    const en = await member('en');
    await en.client.ok('userMailPreferencesUpdate', { category: 'updates', subscribed: false });
    const { ticket } = await en.client.ok('userTicketOpen', question);
    await support.client.ok('adminTicketReply', { ticketId: ticket.ticketId, message: 'Hello' });
    const status = await t.app.services.db
      .selectFrom('mail_queue')
      .select('status')
      .where('user_id', '=', en.userId)
      .execute();
    expect(status.map((s) => s.status)).toEqual(['skipped']);
    expect(smtp.to(en.email)).toEqual([]);
  });
});

describe('bad input and other members', () => {
  test('HTML is kept and answered as the text it is', async () => {
    const user = await member();
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const { ticket, messages } = await user.client.ok('userTicketOpen', {
      ...question,
      subject: '<b>bold</b>',
      message: html,
    });
    expect(ticket.subject).toBe('<b>bold</b>');
    expect(messages[0]?.body).toBe(html);
    const answer = await user.client.call('userTicketDetail', { ticketId: ticket.ticketId });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  test('a 1 MB ticket, an over-long message or subject, empty text: clear 4xx, nothing stored', async () => {
    const user = await member();
    const stored = async () =>
      Promise.all(
        (['tickets', 'ticket_messages', 'rate_counters'] as const).map((table) =>
          t.app.services.db.selectFrom(table).selectAll().execute(),
        ),
      );
    const before = await stored();
    const huge = await user.client.call('userTicketOpen', {
      ...question,
      message: 'x'.repeat(1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE.code);
    const long = await user.client.call('userTicketOpen', {
      ...question,
      message: 'y'.repeat(TICKET_MESSAGE_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
    expect(long.body.msg).toBe(`Must be at most ${TICKET_MESSAGE_MAX} characters`);
    const subject = await user.client.call('userTicketOpen', {
      ...question,
      subject: 's'.repeat(121),
    });
    expect(subject.body.msg).toBe('Must be at most 120 characters');
    const empty = await user.client.call('userTicketOpen', { ...question, message: ' \n ' });
    expect(empty.body.msg).toBe('This field cannot be empty');
    const category = await user.client.call('userTicketOpen', { ...question, category: 'spam' });
    expect(category.status).toBe(400);
    // Nothing stored, and refused input does not count towards the rate limit.
    expect(await stored()).toEqual(before);
  });

  test("another member's ticket, order or device is answered as a missing one", async () => {
    const alice = await member();
    const bob = await member();
    const order = await buy(alice.client);
    const { ticket } = await alice.client.ok('userTicketOpen', question);
    const ticketId = ticket.ticketId;
    for (const [name, input] of [
      ['userTicketDetail', { ticketId }],
      ['userTicketReply', { ticketId, message: 'hi' }],
      ['userTicketClose', { ticketId }],
    ] as const) {
      const answer = await bob.client.call(name, input);
      expect(answer.status).toBe(404);
      expectRefusal(answer, ErrorCode.TICKET_NOT_FOUND);
      expect(answer.body).toEqual(
        (await bob.client.call(name, { ...input, ticketId: '99999999' })).body,
      );
      // Past PostgreSQL's integer ids (the contract allows 15 digits): missing too, not a 500.
      expect(answer.body).toEqual(
        (await bob.client.call(name, { ...input, ticketId: '110000000000000' })).body,
      );
    }
    expectRefusal(
      await bob.client.call('userTicketOpen', { ...question, orderId: order.orderId }),
      ErrorCode.ORDER_NOT_FOUND,
    );
    expectRefusal(
      await bob.client.call('userTicketOpen', { ...question, deviceId: '123456' }),
      ErrorCode.DEVICE_NOT_FOUND,
    );
    expect((await bob.client.ok('userTicketList', page)).total).toBe(0);
    // Refunding from a ticket refunds only that member's orders.
    const bobs = await bob.client.ok('userTicketOpen', question);
    const paid = await buy(alice.client);
    await pressOnCheckout(t, paid.checkoutUrl, 'pay');
    expectRefusal(
      await finance.client.call('adminTicketRefund', {
        ticketId: bobs.ticket.ticketId,
        orderId: paid.orderId,
        reason: 'wrong member',
      }),
      ErrorCode.ORDER_NOT_FOUND,
    );
    const row = await t.app.services.db
      .selectFrom('orders')
      .select('status')
      .where('public_id', '=', paid.orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
  });

  test('new tickets are rate limited per member', async () => {
    const { client } = await quickUser(t);
    for (let i = 0; i < TICKET_OPEN_LIMIT.max; i++) await client.ok('userTicketOpen', question);
    expectRefusal(await client.call('userTicketOpen', question), ErrorCode.RATE_LIMITED);
    expect((await client.ok('userTicketList', page)).total).toBe(TICKET_OPEN_LIMIT.max);
    // Another member is not limited by it.
    await (await member()).client.ok('userTicketOpen', question);
  });
});
