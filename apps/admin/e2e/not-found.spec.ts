import { openApp } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// A path none of the console's screens takes is a real 404 (not a page that says "not found"
// with 200), and the console asks for no missing icon.

test('an unknown /admin path answers 404; the screens answer 200', async ({ page }) => {
  for (const [path, status] of [
    ['/admin/no-such-screen', 404],
    ['/admin/users/12/extra', 404],
    ['/admin', 200],
    ['/admin/users/12', 200],
    ['/admin/kol/applications', 200],
    ['/admin/nodes/new', 200],
  ] as const) {
    expect((await page.request.get(path)).status(), path).toBe(status);
  }
});

test('the console loads its icon, nothing answers 404', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await openApp(page, '/admin');
  await expect(page.getByRole('textbox', { name: text('admin:username') })).toBeVisible();
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect((await page.request.get(icon ?? '/none')).status()).toBe(200);
  expect(missing).toEqual([]);
});
