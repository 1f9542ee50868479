import { expect, test } from '@nimbus/e2e-kit';

test('the language switch re-renders the account centre in Chinese, API errors included', async ({
  loggedInPage: page,
}) => {
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '账户信息' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: '我的账户' }).getByRole('link', { name: '设备管理' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // The server answers in the chosen language too (the toast shows its msg).
  await page.getByRole('textbox', { name: '兑换码' }).fill('NOSUCHCODE1');
  await page.getByRole('button', { name: '兑换' }).click();
  await expect(page.getByText('兑换码无效', { exact: true })).toBeVisible();

  // The choice is kept for the next visit.
  await page.goto('/user/device');
  await expect(page.getByRole('heading', { level: 1, name: '我的设备' })).toBeVisible();
});

test('an unknown page of the account centre is the not-found page', async ({
  loggedInPage: page,
}) => {
  await page.goto('/user/no-such-section');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
});

test('a page whose code cannot be loaded reloads once, then shows the error page', async ({
  loggedInPage: page,
}) => {
  let attempts = 0;
  await page.route(/\/user\/assets\/ProfilePage-[^/]+\.js$/, (route) => {
    attempts += 1;
    return route.abort('failed');
  });
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: 'Oops! An error occurred' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(attempts, 'the chunk was tried again after one automatic reload').toBeGreaterThanOrEqual(
    2,
  );
});

test('a device id the server cannot read is reported in the visitor’s language', async ({
  loggedInPage: page,
}) => {
  const tamper = () =>
    page.evaluate(() => localStorage.setItem('deviceId', 'not-an-id-the-server-issued'));
  // Loading a page with such an id keeps the session: the server hands out a new id.
  await page.goto('/user/profile');
  await tamper();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();

  // Spec section 8: a call refused for its device id shows the device-id toast, in the
  // visitor's language.
  await tamper();
  await page.getByRole('textbox', { name: 'Redeem Code' }).fill('NOSUCHCODE1');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(
    page.getByText('Device ID error. Please try again or contact support.', { exact: true }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('zh-CN');
  await tamper();
  await page.getByRole('button', { name: '兑换' }).click();
  await expect(page.getByText('设备ID错误，请重试或联系客服', { exact: true })).toBeVisible();
  // The next try goes through with the new id: the server's own answer.
  await page.getByRole('button', { name: '兑换' }).click();
  await expect(page.getByText('兑换码无效', { exact: true })).toBeVisible();
});
