import { apiCall, expect, registerUser, test } from '@nimbus/e2e-kit';
import { DAY_MS, buyPlan, createRedeemCode, shownDate } from './support.ts';

test.describe('account details', () => {
  test('a visitor without a session goes to the login page and is sent back afterwards', async ({
    page,
    server,
  }) => {
    const user = await registerUser(server.url);
    await page.goto('/user/device');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fdevice$/);
    // The marketing site's login page: e-mail tab, then back to where the visitor was going.
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('tabpanel').getByLabel('Email').fill(user.email);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('tabpanel').getByRole('checkbox').check();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/user\/device$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Devices' })).toBeVisible();
  });

  test('/user opens the profile', async ({ loggedInPage: page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();
  });

  test('a paid user sees the expiry and the order', async ({
    loggedInPage: page,
    server,
    user,
  }) => {
    const before = Date.now();
    const orderId = await buyPlan(page, server, user.token, '3');
    await page.goto('/user/profile');
    const standard = page.locator('dl > div').filter({ hasText: 'Standard expires' });
    // 365 days from the payment; the day can turn while the test runs.
    const expected = [shownDate(before + 365 * DAY_MS), shownDate(Date.now() + 365 * DAY_MS)];
    await expect(standard).toContainText(new RegExp(`Expires on (${expected.join('|')})`));
    const order = page.getByRole('row').filter({ hasText: orderId });
    await expect(order).toContainText('$99.99');
    await expect(order).toContainText('Paid');
    await expect(order).toContainText('Standard');
  });

  test('a redeem code extends the expiry', async ({ loggedInPage: page, server }) => {
    const code = await createRedeemCode(server, 30);
    await page.goto('/user/profile');
    await expect(page.locator('dl > div').filter({ hasText: 'Expiry date' })).toContainText(
      'No active plan',
    );
    await page.getByRole('textbox', { name: 'Redeem Code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('Redeemed! 30 days has been added to your account.')).toBeVisible();
    const expiry = shownDate(Date.now() + 30 * DAY_MS);
    await expect(page.getByText(`Standard now expires on ${expiry}`)).toBeVisible();
    await expect(page.locator('dl > div').filter({ hasText: 'Standard expires' })).toContainText(
      `Expires on ${expiry}`,
    );
    // The same code a second time is refused with the server's message, as a toast.
    await page.getByRole('textbox', { name: 'Redeem Code' }).fill(code);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('This redeem code has already been used.')).toBeVisible();
  });

  test('the invite link is copied and says "copied"', async ({ loggedInPage: page, server }) => {
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto('/user/profile');
    const row = page.locator('dl > div').filter({ hasText: 'Invite link' });
    await row.getByRole('button', { name: 'Copy invite link' }).click();
    await expect(row.getByRole('button', { name: 'copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/register\?ref=[A-Z0-9]+$/);
    await expect(page.getByRole('img', { name: 'QR code of your invite link' })).toBeVisible();
  });

  test('a deleted account can no longer log in', async ({ loggedInPage: page, server, user }) => {
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account permanently?' });
    await expect(dialog).toContainText('Your remaining membership time, with no refund');
    await dialog.getByLabel('Enter your password to confirm').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    // Off the account centre, and the session is gone on the server.
    await expect(page).not.toHaveURL(/\/user\//);
    await expect(
      apiCall(server.url, '/api/user/user_get_device_list', {}, { token: user.token }),
    ).rejects.toThrow(/Unauthorized/);
    await expect(
      apiCall(server.url, '/api/user/user_login', {
        channel: 'email',
        account: user.email,
        password: user.password,
        agreeTerms: true,
      }),
    ).rejects.toThrow(/InvalidCredentials|NotFound/);
  });
});
