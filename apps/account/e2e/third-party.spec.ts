import { apiCall, expect, test } from '@nimbus/e2e-kit';
import { DAY_MS, grantMembership, shownDate } from './support.ts';

test('the third-party client is enabled once, disabled, and refused a second enable within 7 days', async ({
  loggedInPage: page,
  server,
  user,
}) => {
  await grantMembership(server, user.token);
  await page.goto('/user/third-party');
  await expect(
    page.getByText('While the third-party client is enabled, your speed is limited to 10 Mbps.'),
  ).toBeVisible();
  await expect(page.getByTestId('third-party-status')).toHaveText('Disabled');

  await page.getByRole('button', { name: 'Enable' }).click();
  await page
    .getByRole('alertdialog', { name: 'Enable the third-party client?' })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expect(page.getByTestId('third-party-status')).toHaveText('Enabled');

  // The subscription link works and each client has its one-click import.
  const url = (await page.getByTestId('subscription-url-clash').textContent()) ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  const subscription = await page.request.get(url);
  expect(subscription.ok()).toBe(true);
  await expect(page.getByRole('link', { name: 'Import to Clash / mihomo' })).toHaveAttribute(
    'href',
    /^clash:\/\/install-config\?url=/,
  );
  await page.getByRole('tab', { name: 'sing-box' }).click();
  await expect(page.getByRole('link', { name: 'Import to sing-box' })).toHaveAttribute(
    'href',
    /^sing-box:\/\/import-remote-profile\?url=/,
  );
  await page.getByRole('tab', { name: 'Shadowrocket' }).click();
  await expect(page.getByRole('link', { name: 'Import to Shadowrocket' })).toHaveAttribute(
    'href',
    /^shadowrocket:\/\/add\/sub:\/\//,
  );

  await page.getByRole('button', { name: 'Disable' }).click();
  await page
    .getByRole('alertdialog', { name: 'Disable the third-party client?' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(page.getByTestId('third-party-status')).toHaveText('Disabled');
  const again = shownDate(Date.now() + 7 * DAY_MS);
  await expect(page.getByText(`You can enable it again on ${again}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeDisabled();
  // The server refuses it too.
  await expect(
    apiCall(server.url, '/api/system/system_third_party_enable', {}, { token: user.token }),
  ).rejects.toThrow(/ThirdPartyCooldown/);
});

test('resetting the link replaces it after confirming', async ({
  loggedInPage: page,
  server,
  user,
}) => {
  await grantMembership(server, user.token);
  await apiCall(server.url, '/api/system/system_third_party_enable', {}, { token: user.token });
  await page.goto('/user/third-party');
  const before = await page.getByTestId('subscription-url-clash').textContent();
  await page.getByRole('button', { name: 'Reset Link' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reset your subscription link?' })
    .getByRole('button', { name: 'Reset Link' })
    .click();
  await expect(page.getByTestId('subscription-url-clash')).not.toHaveText(before ?? '');
});

test("this month's traffic and the plan's servers with their status", async ({
  loggedInPage: page,
  server,
  user,
}) => {
  await grantMembership(server, user.token);
  await page.goto('/user/third-party');
  const traffic = page.getByTestId('traffic-figures');
  await expect(traffic).toContainText('Download');
  await expect(traffic).toContainText('0B');
  // The development server's example nodes: none has reported, so each is offline.
  const nodes = page.getByTestId('node-list');
  await expect(nodes.getByRole('listitem').first()).toBeVisible();
  await expect(nodes.getByRole('img', { name: 'Japan' })).toBeVisible();
  await expect(nodes).toContainText('Tokyo 1');
  await expect(nodes.getByText('Offline').first()).toBeVisible();
  await expect(nodes).not.toContainText('Online');
});
