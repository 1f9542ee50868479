import {
  completeSandboxCheckout,
  expect,
  logInContext,
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
