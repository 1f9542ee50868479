import { apiCall, brokenTableWords, expect, test } from '@nimbus/e2e-kit';
import { bindDevice, grantMembership, overflowingElements } from './support.ts';

const ROUTES = [
  'profile',
  'security',
  'device',
  'reward',
  'group-buying',
  'benefits',
  'third-party',
  'support',
] as const;
const WIDTHS = [
  { name: '375', width: 375, height: 812 },
  { name: '1366', width: 1366, height: 768 },
  { name: '1920', width: 1920, height: 1080 },
] as const;

test.describe('every screen at 375, 1366 and 1920 px', () => {
  for (const size of WIDTHS) {
    test(`${size.name} px: nothing cut off or spilling over, screenshots for review`, async ({
      loggedInPage: page,
      server,
      user,
    }) => {
      await grantMembership(server, user.token);
      await bindDevice(server, user.token, {
        deviceId: 'screens-mac',
        name: 'Studio MacBook Pro',
        platform: 2,
        kind: 1,
        system: 'macOS 15.2',
      });
      await apiCall(server.url, '/api/system/system_third_party_enable', {}, { token: user.token });
      await apiCall(
        server.url,
        '/api/user/user_ticket_open',
        {
          subject: 'Streaming is slow every evening from 8 pm',
          category: 'connection',
          message: 'Every evening the connection slows down.',
        },
        { token: user.token },
      );
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const route of ROUTES) {
        await page.goto(`/user/${route}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Wait for lists to replace their skeletons.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(
          await overflowingElements(page),
          `/user/${route} has content cut off at ${size.name} px`,
        ).toEqual([]);
        // Tables keep their words whole ("Standard", not "Standa/rd"; an IP address on one line).
        if (size.width > 960)
          expect(
            await brokenTableWords(page),
            `/user/${route} breaks words in a table at ${size.name} px`,
          ).toEqual([]);
        await page.screenshot({
          path: `test-results/screens/account-${route}-${size.name}.png`,
          fullPage: true,
        });
      }
    });
  }
});

test('Chinese at 375 px fits too', async ({ loggedInPage: page, server, user }) => {
  await grantMembership(server, user.token);
  await apiCall(server.url, '/api/system/system_third_party_enable', {}, { token: user.token });
  await page.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
  await page.setViewportSize({ width: 375, height: 812 });
  for (const route of ['profile', 'third-party'] as const) {
    await page.goto(`/user/${route}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/screens/account-${route}-375-zh.png`,
      fullPage: true,
    });
  }
});

test('the account centre works by keyboard', async ({ loggedInPage: page, server, user }) => {
  await grantMembership(server, user.token);
  await bindDevice(server, user.token, { deviceId: 'kbd-phone', name: 'Keyboard phone' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();

  // Tab to the section navigation and open Devices with Enter.
  const devices = page
    .getByRole('navigation', { name: 'My Account' })
    .getByRole('link', { name: 'Devices' });
  for (
    let i = 0;
    i < 40 && !(await devices.evaluate((el) => el === document.activeElement));
    i += 1
  )
    await page.keyboard.press('Tab');
  await expect(devices).toBeFocused();
  const outline = await devices.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline, 'a visible focus ring').not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/device$/);
  await expect(devices).toHaveAttribute('aria-current', 'page');

  // Rename and unbind without a mouse.
  const rename = page.getByRole('button', { name: 'Rename Keyboard phone' });
  await rename.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Pocket phone');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Pocket phone' })).toBeVisible();
  await page.getByRole('button', { name: 'Unbind Pocket phone' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Unbind this device?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Unbind Pocket phone' })).toBeFocused();
});
