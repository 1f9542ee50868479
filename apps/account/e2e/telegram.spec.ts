import {
  buyPlan,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  openApp,
  ops,
  settle,
  test,
} from '@nimbus/e2e-kit';

// A member links Telegram from Password & Sessions (the bot runs on a local stand-in of the Bot
// API: Telegram's side is the stand-in delivering "/start <code>" to the server's webhook, as
// Telegram does when the member presses Start), then gets the expiry reminder there.
test.use({ telegramBot: true, serverEnv: { JOBS_INTERVAL_SECONDS: '1' } });

test('a member links Telegram with a one-time link and gets the expiry reminder there', async ({
  loggedInPage: page,
  server,
  user,
  telegram,
}) => {
  if (!telegram) throw new Error('no Telegram stand-in');
  test.setTimeout(120_000);
  // A paid plan (reminders go to members who paid at least once).
  const checkout = await page.context().newPage();
  await buyPlan(checkout, server, user.token, '1');
  await checkout.close();
  await page.goto('/user/security');
  await page.getByRole('button', { name: 'Link Telegram' }).click();
  const open = page.getByRole('link', { name: /Open Telegram and press Start/ });
  await expect(open).toBeVisible();
  const href = (await open.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/t\.me\/NimbusStandinBot\?start=[A-Za-z0-9_-]{22}$/);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('status').filter({ hasText: 'The link works once' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { context: '/user/security, Telegram link waiting' });

  const chatId = 424242;
  await telegram.deliver(`/start ${new URL(href).searchParams.get('start')}`, {
    id: chatId,
    username: 'member_on_telegram',
  });
  await telegram.waitForMessage(chatId, 'now linked to your Nimbus account');
  await expect(page.getByText('Telegram linked.')).toBeVisible();
  await expect(page.getByTestId('telegram-linked')).toContainText('@member_on_telegram');
  await expectNoSeriousA11yViolations(page, { context: '/user/security, Telegram linked' });

  // The membership now ends in 2 days: the server's jobs send the reminder to the chat.
  await ops(server, ['user', 'time', user.userId], { plan: 'standard', days: -28, reason: 'e2e' });
  // The jobs run every second; on a loaded CI machine a run (mail, alerts, webhooks, then
  // Telegram) can take several seconds.
  await telegram.waitForMessage(chatId, 'membership ends in 3 days', 45_000);

  // Notices off, then unlink in one click.
  await page.getByRole('checkbox', { name: /Send my notices to Telegram/ }).uncheck();
  await expect(page.getByText('Telegram choice saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByRole('button', { name: 'Link Telegram' })).toBeVisible();
});

test('the Telegram card in Chinese at 375 px: axe, and the link by keyboard', async ({
  browser,
  server,
  user,
}) => {
  const context = await newLanguageContext(browser, server.url, {
    language: 'zh-CN',
    viewport: { width: 375, height: 812 },
    token: user.token,
  });
  const page = await context.newPage();
  await openApp(page, '/user/security');
  await settle(page);
  const link = page.getByRole('button', { name: '绑定 Telegram' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: /打开 Telegram 并点击「开始」/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, {
    context: '/user/security, Telegram [zh-CN, 375 px]',
  });
  await context.close();
});
