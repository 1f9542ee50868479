import { apiCall, buyPlan, openApp, registerUser } from '@nimbus/e2e-kit';
import type { Page } from '@playwright/test';
import { createOperator, expect, test, text, totpCode } from './support.ts';

// The operator console end to end in Chromium: an admin enrols with TOTP and creates a support
// operator; support finds a member by e-mail and suspends them (their open session ends, login
// tells them why) and cannot refund (the server refuses); finance refunds an order.

async function signIn(page: Page, username: string, password: string, code = '') {
  await openApp(page, '/admin');
  await page.getByRole('textbox', { name: text('admin:username') }).fill(username);
  await page.getByLabel(text('admin:password'), { exact: true }).fill(password);
  if (code) await page.getByRole('textbox', { name: text('admin:code') }).fill(code);
  await page.getByRole('button', { name: text('admin:sign_in') }).click();
}

/** First sign-in: the enrolment screen's key into the authenticator, its code back. */
async function enrol(page: Page): Promise<string> {
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin:enrol_title') }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: text('admin:enrol_qr') })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  await page.getByRole('textbox', { name: text('admin:code') }).fill(totpCode(secret));
  await page.getByRole('button', { name: text('admin:enrol_confirm') }).click();
  await expect(page.getByRole('heading', { name: text('admin:recovery_title') })).toBeVisible();
  await expect(
    page.getByRole('list', { name: text('admin:recovery_title') }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: text('admin:continue') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin:overview_title') }),
  ).toBeVisible();
  return secret;
}

test('admin enrols, support suspends a member, finance refunds', async ({
  accountPage,
  newContext,
  server,
}) => {
  const root = createOperator(server, 'root', 'admin');
  const admin = await (await newContext()).newPage();
  await signIn(admin, root.username, root.password);
  await enrol(admin);

  // The admin creates a support operator and hands over the first password.
  await admin.getByRole('link', { name: text('admin:nav_operators') }).click();
  await admin.getByRole('textbox', { name: text('admin:username') }).fill('helpdesk');
  await admin.getByRole('combobox', { name: text('admin:role') }).selectOption('support');
  await admin.getByRole('button', { name: text('admin:create') }).click();
  const supportPassword = ((await admin.getByTestId('first-password').textContent()) ?? '').trim();
  expect(supportPassword.length).toBeGreaterThan(10);
  await expect(admin.getByRole('cell', { name: 'helpdesk' })).toBeVisible();

  // A member with a paid order and an open session in the account centre.
  const member = await registerUser(server.url);
  const memberPage = await accountPage(member);
  const orderId = await buyPlan(memberPage, server, member.token, '1');
  await openApp(memberPage, '/user/profile');
  await expect(memberPage).toHaveURL(/\/user\/profile/);

  // Support signs in, enrols, finds the member by e-mail and suspends them.
  const support = await (await newContext()).newPage();
  await signIn(support, 'helpdesk', supportPassword);
  await enrol(support);
  await support.getByRole('link', { name: text('admin:nav_users') }).click();
  await support.getByRole('searchbox', { name: text('admin:search_label') }).fill(member.email);
  await support.getByRole('button', { name: text('admin:search') }).click();
  await support.getByRole('link', { name: `#${member.userId}` }).click();
  await expect(
    support.getByRole('heading', {
      level: 1,
      name: text('admin:user_title', { id: member.userId }),
    }),
  ).toBeVisible();
  const reason = 'Payment dispute under review';
  await support.getByRole('textbox', { name: text('admin:suspension_reason') }).fill(reason);
  await support.getByRole('button', { name: text('admin:suspend'), exact: true }).click();
  await expect(support.getByText(`: ${reason}`)).toBeVisible();
  await expect(support.getByRole('cell', { name: 'user.suspended' })).toBeVisible();

  // The member's open session has ended; their login says why.
  await memberPage.reload();
  await memberPage.waitForURL('**/login**');
  await memberPage.getByRole('tab', { name: 'Email' }).click();
  await memberPage.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
  await memberPage.getByRole('checkbox').check();
  await memberPage.getByRole('button', { name: 'Log In' }).click();
  await expect(
    memberPage.getByRole('region', { name: 'Notifications' }).getByText(reason),
  ).toBeVisible();

  // Support reads orders but has no refund; the server refuses it too.
  await support.getByRole('link', { name: text('admin:nav_orders') }).click();
  await expect(support.getByRole('cell', { name: orderId })).toBeVisible();
  await expect(
    support.getByRole('button', { name: `${text('admin:refund')} ${orderId}` }),
  ).toHaveCount(0);
  const supportToken = await support.evaluate(() =>
    sessionStorage.getItem('nimbus.operator.token'),
  );
  await expect(
    apiCall(
      server.url,
      '/api/admin/order_refund',
      { orderId, reason: 'try' },
      { token: supportToken ?? '' },
    ),
  ).rejects.toThrow(/403 Forbidden/);

  // Finance refunds the order.
  const money = createOperator(server, 'money', 'finance');
  const finance = await (await newContext()).newPage();
  await signIn(finance, money.username, money.password);
  await enrol(finance);
  await finance.getByRole('link', { name: text('admin:nav_orders') }).click();
  await finance.getByRole('button', { name: `${text('admin:refund')} ${orderId}` }).click();
  await finance
    .getByRole('textbox', { name: text('admin:refund_reason') })
    .fill('Refund within 7 days');
  await finance.getByRole('button', { name: text('admin:refund'), exact: true }).click();
  await expect(finance.getByText(text('admin:refund_done', { id: orderId }))).toBeVisible();
  await expect(
    finance
      .getByRole('row')
      .filter({ hasText: orderId })
      .getByRole('cell', { name: text('admin:order_status_refunded') }),
  ).toBeVisible();

  // Every action is in the audit log, with the operator who did it.
  await admin.getByRole('link', { name: text('admin:nav_audit') }).click();
  for (const action of ['user.suspended', 'order.refunded', 'operator.created']) {
    await admin.getByRole('textbox', { name: text('admin:filter_action') }).fill(action);
    await admin.getByRole('button', { name: text('admin:filter') }).click();
    await expect(admin.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    await expect(admin.getByRole('cell', { name: /^operator:\d+$/ }).first()).toBeVisible();
  }
});
