import {
  apiCall,
  expect,
  logInContext,
  openApp,
  test,
  uniqueEmail,
  waitForCode,
} from '@nimbus/e2e-kit';

test('switching to Chinese re-renders without a reload and is remembered', async ({ page }) => {
  await openApp(page, '/pricing');
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('选择您的套餐');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('选择您的套餐');
  // The server now pre-renders in Chinese too (the language cookie).
  const html = await (await page.request.get('/faq')).text();
  expect(html).toContain('<html lang="zh-CN"');
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  // The server knows the marketing routes (dist/routes.json): a path none of them takes gets the
  // pre-rendered not-found page with status 404.
  expect((await page.request.get('/no/such/page')).status()).toBe(404);
  await openApp(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(
    page.getByRole('heading', { name: 'The open internet, fast and private' }),
  ).toBeVisible();
});

test('a page module that fails to load reloads the page once (at its address), then works', async ({
  page,
}) => {
  // Documents requested: counted when the request starts, so the reloaded document's own
  // requests (its module preloads come before its load event) already see the new count.
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  // Like a deployment that replaced the chunks: the module fails until the page is reloaded.
  await page.route(/\/assets\/FaqPage-[^/]+\.js$/, (route) =>
    documents < 2 ? route.abort() : route.continue(),
  );
  // Hydrated: a link clicked before that is an ordinary page load (fine, but not this test).
  await openApp(page, '/');
  await page.getByRole('link', { name: 'FAQ' }).first().click();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Oops! An error occurred' })).toHaveCount(0);
  expect(documents).toBe(2);
  expect(new URL(page.url()).pathname).toBe('/faq');
});

test("a navigation keeps the page until the next is ready; back returns to the reader's place", async ({
  page,
}) => {
  // The next page's module arrives late, as on a slow network.
  await page.route(/\/assets\/FaqPage-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await openApp(page, '/');
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  const home = page.getByRole('heading', { name: 'The open internet, fast and private' });
  await page.evaluate(() => window.scrollTo(0, 500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
  // Clicked without scrolling to it (as a reader clicks a link in view).
  await page
    .getByRole('link', { name: 'FAQ' })
    .last()
    .evaluate((link: HTMLElement) => link.click());
  // While the module loads, the home page stays (no blank page, no spinner).
  await page.waitForTimeout(500);
  await expect(home).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/faq');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(home).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
});

test('a page module that keeps failing shows the error page after one reload', async ({ page }) => {
  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));
  await page.route(/\/assets\/FaqPage-[^/]+\.js$/, (route) => route.abort());
  await openApp(page, '/');
  await page.getByRole('link', { name: 'FAQ' }).first().click();
  await expect(page.getByRole('heading', { name: 'Oops! An error occurred' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect.poll(() => documentLoads).toBe(2);
});

test('pre-rendered pages carry title, description, canonical and hreflang; sitemap and robots exist', async ({
  request,
}) => {
  const html = await (
    await request.get('/pricing', { headers: { 'accept-language': 'en' } })
  ).text();
  expect(html).toContain('<title>Pricing and Plans | Nimbus VPN</title>');
  expect(html).toMatch(/<meta name="description" content="[^"]+">/);
  expect(html).toContain('rel="canonical"');
  expect(html).toContain('hreflang="zh-CN"');
  expect(html).toContain('Choose your plan');
  expect((await request.get('/sitemap.xml')).ok()).toBe(true);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
});

test('an ad crawler gets an empty page, from the server and in the browser', async ({
  browser,
  server,
}) => {
  const userAgent = 'AdsBot-Google (+http://www.google.com/adsbot.html)';
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const response = await page.goto(`${server.url}/`);
  expect(await response?.text()).not.toContain('<script');
  await expect(page.locator('#root')).toBeEmpty();
  await context.close();
});

test('the trial button starts the 15-minute free trial and says when it ends and how to connect', async ({
  page,
}) => {
  await openApp(page, '/');
  await page.getByRole('button', { name: '15-minute free trial' }).click();
  const started = page
    .getByRole('status')
    .filter({ hasText: 'Your 15-minute free trial has started' });
  await expect(started).toBeVisible();
  // Under a day away: the time it ends and the time left, not a date.
  await expect(started).toContainText(/Ends at \d{1,2}:\d{2}\s?[AP]M · 1[45] minutes left/);
  await expect(started.getByRole('link', { name: 'Download Now' })).toHaveAttribute(
    'href',
    '/download',
  );
  // The trial logged the visitor in.
  await expect(page.getByRole('link', { name: 'My Account' }).first()).toBeAttached();
});
test('the trial account is kept with an e-mail and a password, and logs in elsewhere', async ({
  page,
  server,
  browser,
}) => {
  await openApp(page, '/trial');
  await page.getByRole('button', { name: '15-minute free trial' }).click();
  const started = page
    .getByRole('status')
    .filter({ hasText: 'Your 15-minute free trial has started' });
  await expect(started).toContainText('keep this account with an e-mail address or a username');
  const keep = page.getByRole('region', { name: 'Keep your trial account' });
  await expect(keep).toBeVisible();

  // Bad input is refused field by field, nothing sent.
  await keep.getByRole('button', { name: 'Keep My Account' }).click();
  await expect(keep.getByText('Please enter your email address')).toBeVisible();

  const email = uniqueEmail('kept');
  await keep.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now() - 1000;
  await keep.getByRole('button', { name: 'Send Code' }).click();
  const code = await waitForCode(server.url, { to: email, purpose: 'register', since });
  await keep.getByLabel('Verification code').fill(code);
  await keep.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await keep.getByLabel('Confirm password').fill('correct-horse-42');
  await keep.getByRole('button', { name: 'Keep My Account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account is kept.' })).toContainText(
    `Log in to the app with ${email} and your password`,
  );

  // Another browser logs in with them and finds the trial.
  const other = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  const second = await other.newPage();
  await openApp(second, '/login');
  await second.getByRole('tab', { name: 'Email' }).click();
  await second.getByRole('textbox', { name: 'Email' }).fill(email);
  await second.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await second.getByRole('checkbox').check();
  await second.getByRole('button', { name: 'Log In' }).click();
  await second.waitForURL('**/user/profile');
  await expect(second.locator('dl > div').filter({ hasText: 'Standard expires' })).toContainText(
    'Expires at',
  );
  await other.close();
});

test('after the trial, /trial offers to keep the account with a username, in Chinese', async ({
  browser,
  server,
}) => {
  const trial = await apiCall(server.url, '/api/user/user_trial');
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
  await logInContext(context, server.url, trial.token ?? '');
  const page = await context.newPage();
  await openApp(page, '/trial');
  const keep = page.getByRole('region', { name: '保留您的试用账号' });
  await keep.getByRole('tab', { name: '用户名' }).click();
  const username = `kept_${Date.now().toString(36)}`;
  await keep.getByRole('textbox', { name: '用户名' }).fill(username);
  await keep.getByLabel('密码', { exact: true }).fill('correct-horse-42');
  await keep.getByLabel('确认密码').fill('correct-horse-42');
  await keep.getByRole('button', { name: '保留我的账号' }).click();
  await expect(page.getByRole('status').filter({ hasText: '账号已保留' })).toContainText(username);
  const login = await apiCall(server.url, '/api/user/user_login', {
    channel: 'username',
    account: username,
    password: 'correct-horse-42',
    agreeTerms: true,
  });
  expect(login.token).toBeTruthy();
  await context.close();
});
