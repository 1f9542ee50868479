import {
  apiCall,
  buyPlan,
  expectNoSeriousA11yViolations,
  openApp,
  readOutbox,
  registerUser,
  settle,
} from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// The support journey in Chromium: a member opens a ticket about a payment from the account
// centre's API; support finds it in the queue, takes it and answers; finance refunds the order
// from the ticket; the member reads both in the account centre and gets the answer by e-mail.
test.use({ serverEnv: { JOBS_INTERVAL_SECONDS: '1' } });

test('a ticket about a payment: support answers, finance refunds, the member sees both', async ({
  operatorPage,
  accountPage,
  server,
}, testInfo) => {
  const member = await registerUser(server.url);
  const memberPage = await accountPage(member);
  const orderId = await buyPlan(memberPage, server, member.token, '1');
  const { envelope } = await apiCall<{ ticket: { ticketId: string } }>(
    server.url,
    '/api/user/user_ticket_open',
    {
      subject: 'Charged twice for one month',
      category: 'payment',
      message: 'My card shows two charges for this order.',
      orderId,
    },
    { token: member.token },
  );
  const ticketId = envelope.data.ticket.ticketId;

  // Support: the queue (waiting for support, oldest first), the thread beside the member.
  const support = await operatorPage('ticketdesk', 'support', '/admin');
  await support.getByRole('link', { name: text('admin:nav_tickets') }).click();
  await expect(
    support.getByRole('heading', { level: 1, name: text('admin:tickets_title') }),
  ).toBeVisible();
  await support.getByRole('link', { name: `#${ticketId} Charged twice for one month` }).click();
  await expect(support.getByText('My card shows two charges for this order.')).toBeVisible();
  await expect(support.getByText(text('admin:ticket_order', { orderId }))).toBeVisible();
  await support.getByRole('button', { name: text('admin:ticket_take') }).click();
  await expect(support.getByText(text('admin:ticket_assigned'))).toBeVisible();
  await support
    .getByRole('textbox', { name: text('admin:ticket_reply') })
    .fill('Sorry about that: finance will refund the second charge today.');
  await support.getByRole('button', { name: text('admin:ticket_send_reply') }).click();
  await expect(support.getByText(text('admin:ticket_replied'))).toBeVisible();
  // Support cannot refund (no orders.manage): no refund form.
  await expect(support.getByRole('button', { name: text('admin:refund') })).toHaveCount(0);
  await settle(support);
  await expectNoSeriousA11yViolations(support, { context: 'a ticket (support)', testInfo });

  // Finance refunds the order from the ticket; the action shows in the thread.
  const finance = await operatorPage('ticketcash', 'finance', `/admin/tickets/${ticketId}`);
  await finance
    .getByRole('combobox', { name: text('admin:ticket_refund_order') })
    .selectOption(orderId);
  await finance
    .getByRole('textbox', { name: text('admin:refund_reason') })
    .fill('Charged twice (ticket)');
  await finance.getByRole('button', { name: text('admin:refund') }).click();
  await expect(finance.getByText(text('admin:ticket_refunded', { orderId }))).toBeVisible();
  await expect(
    finance.getByText(text('admin:ticket_action_refund', { orderId }), { exact: true }),
  ).toBeVisible();

  // The member: both in the thread, and the answer by e-mail.
  await openApp(memberPage, `/user/support/${ticketId}`);
  const thread = memberPage.getByRole('list', { name: 'Messages' });
  await expect(
    thread.getByText('Sorry about that: finance will refund the second charge today.'),
  ).toBeVisible();
  await expect(thread.getByText(`Order ${orderId} was refunded.`)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await readOutbox(server.url)).some(
          (e) => e.to === member.email && e.purpose === 'notice:ticket_reply',
        ),
      { timeout: 15_000 },
    )
    .toBe(true);

  // The queue, with the ticket now waiting for the member.
  await openApp(support, '/admin/tickets');
  await settle(support);
  await expectNoSeriousA11yViolations(support, { context: 'the support queue', testInfo });
});
