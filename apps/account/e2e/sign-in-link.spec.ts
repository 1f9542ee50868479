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

/**
 * Issue 30, item 5: a sign-in link minted from someone else's account, opened by a signed-in
 * member, replaced their session without a word (a login CSRF). The page now asks first, naming
 * the account the link opens; only "Sign in with the link" uses it.
 */

async function mintLink(url: string, owner: TestUser): Promise<string> {
  const answer = await apiCall<{ linkToken: string }>(
    url,
    '/api/user/user_sign_in_link',
    {},
    { token: owner.token },
  );
  const link = answer.envelope.data?.linkToken;
  if (!link) throw new Error('no link');
  return link;
}

/** "ab***@example.com", as the server masks another person's e-mail. */
const masked = (email: string) => {
  const at = email.indexOf('@');
  return `${email.slice(0, Math.min(2, at - 1))}***${email.slice(at)}`;
};

test("a stranger's link asks first: Cancel keeps the member's session and the link unused", async ({
  server,
  user: victim,
  loggedInPage: page,
}) => {
  const attacker = await registerUser(server.url);
  const link = await mintLink(server.url, attacker);

  await openApp(page, `/user/profile?token=${link}`);
  const dialog = page.getByRole('alertdialog', { name: 'Sign in with this link?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`This link opens the account ${masked(attacker.email)}.`);
  await expect(dialog).toContainText('You are signed in on this browser already');
  expect(await dialog.textContent()).not.toContain(attacker.email);
  expect(page.url()).not.toContain('token=');

  // Keyboard: focus starts on Cancel, so Enter keeps things as they were.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(victim.email)).toBeVisible();
  await page.reload();
  await expect(page.getByText(victim.email)).toBeVisible();

  // The link was not used: the server still names its account.
  const still = await apiCall(server.url, '/api/user/user_sign_in_link_account', {
    linkToken: link,
  });
  expect(still.envelope).toMatchObject({ code: 200, data: { account: masked(attacker.email) } });
});

test('a link is used only on "Sign in with the link", by keyboard too', async ({
  server,
  user,
  loggedInPage: page,
}) => {
  const other = await registerUser(server.url);
  await openApp(page, `/user/profile?token=${await mintLink(server.url, other)}`);
  const dialog = page.getByRole('alertdialog', { name: 'Sign in with this link?' });
  await expect(dialog).toContainText(masked(other.email));
  await expect(page.getByText(user.email)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Sign in with the link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(other.email)).toBeVisible();
});

test('without a session the link still names its account and asks', async ({ page, server }) => {
  const owner = await registerUser(server.url);
  await openApp(page, `/user/profile?token=${await mintLink(server.url, owner)}`);
  const dialog = page.getByRole('alertdialog', { name: 'Sign in with this link?' });
  await expect(dialog).toContainText(masked(owner.email));
  await expect(dialog).toContainText('Continue only if you asked for this link yourself');
  await dialog.getByRole('button', { name: 'Sign in with the link' }).click();
  // The app signs in and moves on by itself: wait for it rather than race it with a goto.
  await expect(dialog).toBeHidden();
  await expect(page.getByText(owner.email)).toBeVisible({ timeout: 20_000 });
});

for (const language of A11Y_LANGUAGES) {
  test(`the sign-in link question passes axe, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    const member = await registerUser(server.url);
    const owner = await registerUser(server.url);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: member.token,
      });
      const page = await context.newPage();
      await openApp(page, `/user/profile?token=${await mintLink(server.url, owner)}`);
      const dialog = page.getByRole('alertdialog', {
        name: catalogueText(language, 'common:sign_in_link_title'),
      });
      await expect(dialog).toContainText(masked(owner.email));
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `sign-in link question [${language}, ${viewport.width} px]`,
        include: ['[role="alertdialog"]'],
        soft: true,
        testInfo,
      });
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await context.close();
    }
  });
}
