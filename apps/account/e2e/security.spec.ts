import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  apiCall,
  catalogueText,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  openApp,
  registerUser,
  settle,
  test,
  type TestUser,
} from '@nimbus/e2e-kit';

/** Another sign-in of the same account (another browser), as the login form makes it. */
async function signInAgain(url: string, user: TestUser): Promise<string> {
  const login = await apiCall(url, '/api/user/user_login', {
    channel: 'email',
    account: user.email,
    password: user.password,
    agreeTerms: true,
  });
  if (!login.token) throw new Error('no token');
  return login.token;
}

test('changing the password signs another browser out and keeps this one', async ({
  browser,
  server,
  user,
  loggedInPage: page,
}) => {
  const other = await newLanguageContext(browser, server.url, {
    language: 'en',
    token: await signInAgain(server.url, user),
  });
  const otherPage = await other.newPage();
  await openApp(otherPage, '/user/profile');
  await expect(otherPage.getByRole('heading', { name: 'Account Details', level: 1 })).toBeVisible();

  await openApp(page, '/user/security');
  await expect(page.getByRole('heading', { name: 'Password & Sessions', level: 1 })).toBeVisible();
  const sessions = page.getByRole('table', { name: 'Active Sessions' });
  // Registration, this login and the other browser.
  await expect(sessions.getByRole('row')).toHaveCount(1 + 3);
  await expect(sessions.getByRole('row').filter({ hasText: 'This session' })).toHaveCount(1);

  // The form checks what it can before asking the server.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Please enter your password')).toHaveCount(3);
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('a new secret 99');
  await page.getByLabel('Confirm password').fill('a new secret 98');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();

  // A wrong current password is the server's localised refusal; nothing changes.
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('Confirm password').fill('a new secret 99');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(1 + 3);

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('Your password has been changed. 2 other sessions were signed out.'),
  ).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(1 + 1);

  // The other browser is signed out: its next page asks it to log in.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  // This one is not.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Password & Sessions', level: 1 })).toBeVisible();
  await other.close();

  // The new password logs in, the old one does not.
  await expect(signInAgain(server.url, user)).rejects.toThrow();
  await signInAgain(server.url, { ...user, password: 'a new secret 99' });
});

test('one session is signed out from the list, then all the others', async ({
  browser,
  server,
  user,
  loggedInPage: page,
}) => {
  const other = await newLanguageContext(browser, server.url, {
    language: 'en',
    token: await signInAgain(server.url, user),
  });
  const otherPage = await other.newPage();
  await openApp(otherPage, '/user/profile');
  await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();

  await openApp(page, '/user/security');
  const sessions = page.getByRole('table', { name: 'Active Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(1 + 3);
  // The sessions signed in through the API (no browser agent): their device is unknown, their
  // platform and address are shown.
  const row = sessions
    .getByRole('row')
    .filter({ hasText: '127.0.0.1' })
    .filter({ hasNotText: 'This session' })
    .first();
  await expect(row).toContainText('Unknown device');
  await expect(row).toContainText('Windows');
  await row.getByRole('button', { name: 'Sign out Unknown device' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out this session?' });
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('The session has been signed out.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(1 + 2);

  await page.getByRole('button', { name: 'Sign Out All Others' }).click();
  await page
    .getByRole('alertdialog', { name: 'Sign out all other sessions?' })
    .getByRole('button', { name: 'Sign Out All Others' })
    .click();
  await expect(page.getByText('1 session has been signed out.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(1 + 1);
  await expect(page.getByRole('button', { name: 'Sign Out All Others' })).toHaveCount(0);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

for (const language of A11Y_LANGUAGES) {
  test(`/user/security passes axe, ${language}, 375 px and desktop, with its dialog and errors`, async ({
    browser,
    server,
  }, testInfo) => {
    const user = await registerUser(server.url);
    const text = (key: string) => catalogueText(language, key);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: user.token,
      });
      const page = await context.newPage();
      await openApp(page, '/user/security');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text('account:security_title'),
      );
      await settle(page);
      const where = (what: string) => `/user/security ${what} [${language}, ${viewport.width} px]`;
      await expectNoSeriousA11yViolations(page, { context: where(''), soft: true, testInfo });
      await page.getByRole('button', { name: text('account:password_submit') }).click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(3);
      await expectNoSeriousA11yViolations(page, {
        context: where('errors'),
        soft: true,
        testInfo,
      });
      await page.getByRole('button', { name: text('account:session_end_others') }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('dialog'),
        include: ['[role="alertdialog"]'],
        soft: true,
        testInfo,
      });
      await context.close();
    }
  });
}

test('e-mail choices are switched one by one and kept', async ({
  server,
  user,
  loggedInPage: page,
}) => {
  await openApp(page, '/user/security');
  const reminders = page.getByRole('checkbox', { name: /^Membership reminders/ });
  const updates = page.getByRole('checkbox', { name: /^Group buy and affiliate updates/ });
  await expect(reminders).toBeChecked();
  await expect(updates).toBeChecked();
  await expect(page.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
  await expect(
    page.getByText('Receipts, refunds, payouts and security notices are always sent.'),
  ).toBeVisible();

  await reminders.uncheck();
  await expect(page.getByText('E-mail choices saved.')).toBeVisible();
  await openApp(page, '/user/security');
  await expect(reminders).not.toBeChecked();
  await expect(updates).toBeChecked();
  const stored = await apiCall(
    server.url,
    '/api/user/user_mail_preferences',
    {},
    { token: user.token },
  );
  expect(stored.envelope.data).toEqual({
    categories: [
      { category: 'reminders', subscribed: false },
      { category: 'updates', subscribed: true },
    ],
  });

  // By keyboard: Space on the focused box turns it back on.
  await reminders.focus();
  await page.keyboard.press('Space');
  await expect(reminders).toBeChecked();
  await expect
    .poll(async () => {
      const again = await apiCall(
        server.url,
        '/api/user/user_mail_preferences',
        {},
        { token: user.token },
      );
      return (again.envelope.data as { categories: { subscribed: boolean }[] }).categories[0]
        ?.subscribed;
    })
    .toBe(true);
});

test('a session signed in from Chrome on Linux says Linux, not Windows', async ({
  browser,
  server,
  user,
}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  const page = await context.newPage();
  await openApp(page, '/login?redirect=%2Fuser%2Fsecurity');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/user/security');
  const row = page
    .getByRole('table', { name: 'Active Sessions' })
    .getByRole('row')
    .filter({ hasText: 'This session' });
  await expect(row).toContainText('Chrome on Linux');
  await expect(row).not.toContainText('Windows');
  await context.close();
});
