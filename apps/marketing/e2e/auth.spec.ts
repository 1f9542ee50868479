import { expect, openApp, registerUser, test, uniqueEmail, waitForCode } from '@nimbus/e2e-kit';

test('register by e-mail with the code from the dev outbox, then land in the account centre', async ({
  page,
  server,
}) => {
  const email = uniqueEmail('signup');
  await openApp(page, '/register');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = await waitForCode(server.url, { to: email, purpose: 'register', since });
  await expect(page.getByText(`A verification code has been sent to ${email}.`)).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await page.getByLabel('Confirm password').fill('correct-horse-42');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/profile');
});

test('after signing up, a second tab is logged in too: the confirmed session is kept', async ({
  page,
  server,
}) => {
  const email = uniqueEmail('second-tab');
  await openApp(page, '/register');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send Code' }).click();
  const code = await waitForCode(server.url, { to: email, purpose: 'register', since });
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await page.getByLabel('Confirm password').fill('correct-horse-42');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/profile');
  await expect(page.getByText(email)).toBeVisible();
  // The profile's user info confirmed the register token: it moved to persistent storage.
  await expect
    .poll(() =>
      page.evaluate(() => [sessionStorage.getItem('registerToken'), localStorage.getItem('token')]),
    )
    .toEqual([null, expect.any(String)]);

  // A new tab (its own session storage) of the same browser.
  const second = await page.context().newPage();
  await openApp(second, '/user/profile');
  await expect(second.getByText(email)).toBeVisible();
  await openApp(second, '/');
  await expect(second.getByRole('link', { name: 'My Account' }).first()).toBeAttached();
  await second.close();
});

test('log in and go back to where the visitor came from (?redirect=)', async ({ page, server }) => {
  const user = await registerUser(server.url);
  await openApp(page, '/login?redirect=%2Fpricing');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/pricing');
  await expect(page.getByRole('link', { name: 'My Account' }).first()).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('a wrong password is refused with the server message and no session', async ({
  page,
  server,
}) => {
  const user = await registerUser(server.url);
  await openApp(page, '/login');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('listitem'),
  ).toBeVisible();
  expect(page.url()).toContain('/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a logged-in visitor opening /login goes on to the account centre', async ({
  loggedInPage: page,
}) => {
  await page.goto('/login');
  await page.waitForURL('**/user/profile');
});
