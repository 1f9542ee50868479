import { expect, openApp, test } from '@nimbus/e2e-kit';

test('the skip link is the first stop and moves focus to the page', async ({ page }) => {
  await openApp(page, '/faq');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test('log in with the keyboard only', async ({ page, server }) => {
  const { registerUser } = await import('@nimbus/e2e-kit');
  const user = await registerUser(server.url);
  await openApp(page, '/login');
  await page.getByRole('tab', { name: 'Email' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // the tab panel (Radix makes it a stop)
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Tab'); // show/hide password toggle
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/profile');
});

test('plans are a radio group: arrow keys choose, the summary follows', async ({ page }) => {
  await openApp(page, '/pricing');
  const plans = page.getByRole('group', { name: 'Choose your plan' });
  const selected = plans.getByRole('radio', { checked: true });
  await selected.focus();
  const before = await selected.getAttribute('value');
  await page.keyboard.press('ArrowRight');
  const after = await plans.getByRole('radio', { checked: true }).getAttribute('value');
  expect(after).not.toBe(before);
  expect(new URL(page.url()).searchParams.get('plan')).toBe(after);
});

test('on a 375 px phone the menu opens from the keyboard and Esc closes it', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 375, height: 800 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  await openApp(page, '/');
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  await context.close();
});
