import { apiCall, expect, logInContext, registerUser, test } from '@nimbus/e2e-kit';

// A plan that ends within a day (the 3-hour invited trial, the 15-minute free trial) reads its
// time and the time left, never a bare date. The time carries its date when it falls on
// another day (a run after 21:00 UTC ends after midnight).
const ON_ANOTHER_DAY = String.raw`(?:[A-Z][a-z]{2} \d{1,2}, \d{4}, )?`;

test('the 3-hour invited trial shows the time it ends and the time left', async ({
  loggedInPage: page,
  server,
  browser,
}) => {
  await page.goto('/user/profile');
  const code =
    (await page
      .locator('dl > div')
      .filter({ hasText: 'Invite code' })
      .locator('dd span')
      .first()
      .textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
  const friend = await registerUser(server.url, { inviteCode: code });

  // At 1366 px (a common laptop) the line wraps beside the QR card: not under it, not cut off.
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    viewport: { width: 1366, height: 900 },
  });
  await logInContext(context, server.url, friend.token);
  const friendPage = await context.newPage();
  await friendPage.goto('/user/profile');
  const standard = friendPage.locator('dl > div').filter({ hasText: 'Standard expires' });
  await expect(standard).toContainText(
    new RegExp(
      String.raw`Expires at ${ON_ANOTHER_DAY}\d{1,2}:\d{2}\s?[AP]M · (2 hours 5\d minutes|3 hours) left`,
    ),
  );
  await expect(standard).not.toContainText('Expires on');
  const clash = await standard.evaluate((row) => {
    const tag = row.querySelector('dd > span, dd span');
    const qr = row.closest('dl')?.parentElement?.querySelector('figure');
    if (!tag || !qr) return 'tag or QR card missing';
    const a = tag.getBoundingClientRect();
    const b = qr.getBoundingClientRect();
    if (a.right > b.left + 0.5 && a.left < b.right && a.bottom > b.top && a.top < b.bottom)
      return `tag ${a.left}-${a.right} runs under the QR card ${b.left}-${b.right}`;
    if (tag.scrollWidth > tag.clientWidth + 1) return 'tag text cut off';
    return null;
  });
  expect(clash).toBeNull();
  await context.close();
});

test('the 15-minute trial counts down in both languages', async ({ browser, server }) => {
  const trial = await apiCall<{ trialEndsAt: number }>(server.url, '/api/user/user_trial');
  const token = trial.token ?? '';
  expect(token).not.toBe('');

  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  await logInContext(context, server.url, token);
  const page = await context.newPage();
  await page.goto('/user/profile');
  const standard = page.locator('dl > div').filter({ hasText: 'Standard expires' });
  await expect(standard).toContainText(
    new RegExp(String.raw`Expires at ${ON_ANOTHER_DAY}\d{1,2}:\d{2}\s?[AP]M · 1[45] minutes left`),
  );
  await expect(standard).not.toContainText('Expires on');

  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.locator('dl > div').filter({ hasText: '标准版到期' })).toContainText(
    /\d{1,2}:\d{2} 到期 · 剩余 1[45]分钟/,
  );
  await context.close();
});
