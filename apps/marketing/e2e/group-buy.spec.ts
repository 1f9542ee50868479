import {
  A11Y_LANGUAGES,
  catalogueText,
  completeSandboxCheckout,
  expect,
  logInContext,
  newLanguageContext,
  openApp,
  registerUser,
  test,
} from '@nimbus/e2e-kit';

test.use({ serverEnv: { GROUP_BUY_ENABLED: 'true' } });

test('a group created by one user (paying for everyone) is joined by a second through the link', async ({
  loggedInPage: page,
  browser,
  server,
}) => {
  await openApp(page, '/group-buying');
  // A plan's name says its length once ("Standard · 1 month", not "... · 1 month · 1 month").
  await expect(page.getByRole('radio', { name: /Standard · 1 month$/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /months? · \d+ months?/ })).toHaveCount(0);
  await page.getByRole('radio', { name: '2 people' }).first().check();
  await page.getByRole('radio', { name: /I pay for everyone/ }).check();
  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Create Group' }).click();
  await completeSandboxCheckout(await checkoutPromise, 'pay');
  await expect(
    page.getByText('Your group is ready. Share the invite link with your friends!'),
  ).toBeVisible();
  const link = (await page.getByText(/\/group-buying\?groupId=/).textContent()) ?? '';
  expect(link).toContain('/group-buying?groupId=');

  const friend = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  await logInContext(context, server.url, friend.token);
  const friendPage = await context.newPage();
  await openApp(friendPage, new URL(link).pathname + new URL(link).search);
  await friendPage.getByRole('button', { name: 'Join for Free' }).click();
  await expect(
    friendPage.getByText(/You've joined the group!|The group is complete/),
  ).toBeVisible();
  // The group is full: nobody is asked to send its link any more.
  await friendPage.reload();
  await expect(friendPage.getByText('You have already joined this group.')).toBeVisible();
  await expect(friendPage.getByText(/Send this link/)).toHaveCount(0);
  await expect(friendPage.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
  await context.close();
});

test('an anonymous visitor of an invite link is asked to log in and join', async ({
  loggedInPage: page,
  browser,
  server,
}) => {
  await openApp(page, '/group-buying');
  await page.getByRole('radio', { name: /Everyone pays their share/ }).check();
  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Create Group' }).click();
  await completeSandboxCheckout(await checkoutPromise, 'pay');
  const link = new URL((await page.getByText(/\/group-buying\?groupId=/).textContent()) ?? '');

  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  const visitor = await context.newPage();
  await openApp(visitor, link.pathname + link.search);
  await expect(visitor.getByRole('link', { name: 'Log In and Join Now' })).toBeVisible();
  await context.close();
});

test('the creator opening their own link is told to share it instead', async ({
  loggedInPage: page,
}) => {
  await openApp(page, '/group-buying');
  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Create Group' }).click();
  await completeSandboxCheckout(await checkoutPromise, 'pay');
  const link = new URL((await page.getByText(/\/group-buying\?groupId=/).textContent()) ?? '');
  await openApp(page, link.pathname + link.search);
  await expect(
    page.getByText('This is your own group. Share the link with your friends instead.'),
  ).toBeVisible();
});

for (const language of A11Y_LANGUAGES) {
  test(`the creator who paid their share is told the group waits for more, and the card follows (${language})`, async ({
    browser,
    server,
    user,
  }) => {
    const text = (key: string, vars: Record<string, string> = {}) =>
      catalogueText(language, key, vars);
    const context = await newLanguageContext(browser, server.url, { language, token: user.token });
    const page = await context.newPage();
    await openApp(page, '/group-buying');
    // One word for "who pays" and another for the payment method: not 付款方式 and 支付方式.
    await expect(page.locator('legend').getByText(text('pricing:payment_method'))).toBeVisible();
    const headings = await page.locator('legend, h2, h3').allTextContents();
    expect(headings).toContain(text('group-buy:payment_type'));
    expect(headings).toContain(text('pricing:payment_method'));
    if (language === 'zh-CN') expect(headings).not.toContain('付款方式');
    await page.getByRole('radio', { name: new RegExp(text('group-buy:pay_self')) }).check();
    const checkoutPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: text('group-buy:create_group') }).click();
    // By element: while the dialog is open the page behind it is hidden from the accessibility tree.
    const card = page.locator('article');
    await expect(card).toContainText(text('group-buy:status_awaiting_payment'));
    const checkout = await completeSandboxCheckout(await checkoutPromise, 'pay');
    // The provider's return page (/purchased) says what happens when the group fills, not that
    // the membership "now runs until" a date the payment did not move.
    await expect(
      checkout.getByRole('heading', { name: text('group-buy:share_paid_title') }),
    ).toBeVisible();
    await expect(checkout.getByRole('main')).toContainText(
      catalogueText(
        language,
        `group-buy:share_paid_waiting_${language === 'en' ? 'one' : 'other'}`,
        { count: '1' },
      ),
    );
    const [expiryBefore] = text('pricing:purchased_new_expiry', { date: '\u0000' }).split('\u0000');
    await expect(checkout.getByRole('main')).not.toContainText(expiryBefore ?? '');
    await checkout.close();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: text('pricing:result_completed') }).click();
    await expect(
      dialog.getByRole('heading', { name: text('group-buy:share_paid_title') }),
    ).toBeVisible();
    await expect(dialog).toContainText(
      catalogueText(
        language,
        `group-buy:share_paid_waiting_${language === 'en' ? 'one' : 'other'}`,
        {
          count: '1',
        },
      ),
    );
    await expect(dialog).toContainText(/\/group-buying\?groupId=/);
    const [before, after] = text('group-buy:share_paid_deadline', { date: '\u0000' }).split(
      '\u0000',
    );
    await expect(dialog).toContainText(
      new RegExp(`${escape(before ?? '')}\\S.*${escape(after ?? '')}`),
    );
    // Not the words of a purchase that started a membership.
    await expect(dialog).not.toContainText(text('pricing:result_success_title'));
    await expect(dialog).not.toContainText(text('pricing:result_success_body'));

    // The card behind has followed without a reload: paid, one more needed.
    await page.keyboard.press('Escape');
    await expect(card).toContainText(text('group-buy:status_unfinished'));
    await expect(card).not.toContainText(text('group-buy:status_awaiting_payment'));
    await expect(card).toContainText(
      catalogueText(language, `group-buy:members_waiting_${language === 'en' ? 'one' : 'other'}`, {
        count: '1',
      }),
    );
    await expect(card).toContainText(/\/group-buying\?groupId=/);
    await context.close();
  });
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
