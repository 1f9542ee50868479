import {
  buyPlan,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  openApp,
  overflowingElements,
  settle,
  test,
} from '@nimbus/e2e-kit';

// Support tickets in the account centre: a member opens a ticket about an order from the Support
// section (what they type is shown as text, markup and all), reads the thread, replies and closes
// it; the list shows its state. Then the screens in both languages at 375 and 1920 px, with axe.

test('a member opens a ticket about an order, replies and closes it', async ({
  loggedInPage: page,
  server,
  user,
}) => {
  const checkout = await page.context().newPage();
  const orderId = await buyPlan(checkout, server, user.token, '1');
  await checkout.close();

  await openApp(page, '/user/profile');
  await page.getByRole('link', { name: 'Support', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByText('No tickets yet.')).toBeVisible();

  // Nothing typed: the domain's rules answer in the form, nothing is sent.
  await page.getByRole('button', { name: 'Send Ticket' }).click();
  await expect(page.getByText('This field cannot be empty')).toHaveCount(2);

  await page.getByRole('combobox', { name: 'Topic' }).selectOption('payment');
  await page.getByRole('combobox', { name: 'Order (optional)' }).selectOption(orderId);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Charged but no time added');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('I paid at 10:02.\n<b>Please check</b> the order.');
  await page.getByRole('button', { name: 'Send Ticket' }).click();

  // The thread: the member's words as written (line break kept, no markup run).
  await expect(page).toHaveURL(/\/user\/support\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Charged but no time added' }),
  ).toBeVisible();
  await expect(page.getByText(`About order ${orderId}`)).toBeVisible();
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByText('<b>Please check</b> the order.', { exact: false })).toBeVisible();
  await expect(thread.locator('b')).toHaveCount(0);
  await expect(page.getByText('Waiting for support')).toBeVisible();

  await page.getByRole('textbox', { name: 'Message' }).fill('It was the card ending 4242.');
  await page.getByRole('button', { name: 'Send Reply' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Close Ticket' }).click();
  await expect(
    page.getByText('This ticket is closed. Open a new one if you need more help.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'All tickets' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Charged but no time added' });
  await expect(row).toContainText('Payment');
  await expect(row).toContainText('Closed');
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`the support screens in ${language} at 375 and 1920 px: axe and no overflow`, async ({
    browser,
    server,
    user,
  }) => {
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1920, height: 1080 },
    ]) {
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: user.token,
      });
      const page = await context.newPage();
      await openApp(page, '/user/support');
      await settle(page);
      const where = `[${language}, ${viewport.width} px]`;
      expect(await overflowingElements(page), `/user/support ${where}`).toEqual([]);
      await expectNoSeriousA11yViolations(page, { context: `/user/support ${where}` });
      // A ticket of its own per size, then its thread.
      await page
        .getByRole('textbox', { name: language === 'en' ? 'Subject' : '主题' })
        .fill(`Slow in the evening ${viewport.width}`);
      await page
        .getByRole('textbox', { name: language === 'en' ? 'Message' : '内容' })
        .fill('Every evening from 8 pm the connection slows down.');
      await page
        .getByRole('button', { name: language === 'en' ? 'Send Ticket' : '提交工单' })
        .click();
      await expect(page).toHaveURL(/\/user\/support\/\d+$/);
      await settle(page);
      expect(await overflowingElements(page), `a ticket ${where}`).toEqual([]);
      await expectNoSeriousA11yViolations(page, { context: `a ticket ${where}` });
      await context.close();
    }
  });
}
