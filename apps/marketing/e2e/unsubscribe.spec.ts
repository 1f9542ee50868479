import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  apiCall,
  catalogueText,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  ops,
  openApp,
  readOutbox,
  registerUser,
  settle,
  test,
  type TestUser,
} from '@nimbus/e2e-kit';

// The scheduled jobs send queued notices every second in this suite.
test.use({ serverEnv: { JOBS_INTERVAL_SECONDS: '1' } });

/**
 * A member whose affiliate application an operator declined: the notice (an optional one) lands
 * in the dev outbox with its unsubscribe link. Returns the link's path and query.
 */
async function declinedApplicant(url: string, dataDir: string) {
  const user = await registerUser(url);
  await apiCall(
    url,
    '/api/system/system_kol_apply',
    {
      links: ['https://youtube.com/@reviews'],
      audience: 'VPN reviews for 20k subscribers',
      wallet: { network: 'bsc', address: `0x${'ab'.repeat(20)}` },
    },
    { token: user.token },
  );
  const pending = await ops<{ id: string; userId: number }[]>({ dataDir }, ['kol', 'applications']);
  const id = pending.find((a) => String(a.userId) === String(user.userId))?.id;
  expect(id).toBeDefined();
  await ops({ dataDir }, ['kol', 'decline', id ?? ''], { reason: 'Please link a channel' });
  let body = '';
  await expect
    .poll(
      async () => {
        const notice = (await readOutbox(url)).find(
          (e) => e.to === user.email && e.purpose === 'notice:kol_application_declined',
        ) as { body?: string } | undefined;
        body = notice?.body ?? '';
        return body;
      },
      { timeout: 15_000 },
    )
    .toContain('Reason: Please link a channel');
  const link = /\/unsubscribe\?key=\S+/.exec(body)?.[0];
  expect(link, body).toBeDefined();
  return { user, link: link ?? '' };
}

const preferences = async (url: string, user: TestUser) =>
  (await apiCall(url, '/api/user/user_mail_preferences', {}, { token: user.token })).envelope.data;

const subscribedToBoth = {
  categories: [
    { category: 'reminders', subscribed: true },
    { category: 'updates', subscribed: true },
  ],
};

test("the e-mail's unsubscribe link asks first, then one click turns that category off", async ({
  page,
  server,
}) => {
  const { user, link } = await declinedApplicant(server.url, server.dataDir);
  expect(await preferences(server.url, user)).toEqual(subscribedToBoth);
  await openApp(page, link);
  await expect(page.getByRole('heading', { name: 'E-mail Preferences', level: 1 })).toBeVisible();
  // Opening the link (as a mail scanner that renders links does) changes nothing.
  const confirm = page.getByRole('button', { name: 'Unsubscribe', exact: true });
  await expect(confirm).toBeVisible();
  await settle(page);
  expect(await preferences(server.url, user)).toEqual(subscribedToBoth);
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(
    'You are unsubscribed from “Group buy and affiliate updates”.',
  );
  await expect(
    page.getByRole('link', { name: 'Change your e-mail choices in the account centre' }),
  ).toHaveAttribute('href', '/user/security');
  expect(await preferences(server.url, user)).toEqual({
    categories: [
      { category: 'reminders', subscribed: true },
      { category: 'updates', subscribed: false },
    ],
  });
});

test('a link that was altered is refused with a clear message and changes nothing', async ({
  page,
  server,
}) => {
  const { user, link } = await declinedApplicant(server.url, server.dataDir);
  const altered = link.replace('.updates.', '.reminders.');
  await openApp(page, altered);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await openApp(page, '/unsubscribe');
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  expect(await preferences(server.url, user)).toEqual(subscribedToBoth);
});

for (const language of A11Y_LANGUAGES) {
  test(`the unsubscribe page passes axe, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    // Two viewports, each checked asking and done: four axe runs.
    test.slow();
    const { link } = await declinedApplicant(server.url, server.dataDir);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, { language, viewport });
      const page = await context.newPage();
      await openApp(page, link);
      const confirm = page.getByRole('button', {
        name: catalogueText(language, 'account:unsubscribe_button'),
        exact: true,
      });
      await expect(confirm).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `unsubscribe, asking [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      // Asking again for a category already off says the same (the link may be used twice).
      await confirm.click();
      await expect(page.getByRole('status')).toContainText(
        catalogueText(language, 'account:unsubscribe_done', {
          category: catalogueText(language, 'account:mail_updates'),
        }),
      );
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `unsubscribe [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      await context.close();
    }
  });
}
