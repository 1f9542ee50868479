import { expect, openApp, test } from '@nimbus/e2e-kit';

// A path none of the account centre's or the KOL dashboard's routes takes is a real 404 (not a
// page that says "not found" with 200), and the apps' pages ask for no missing icon.

test("an unknown /user path answers 404 with the app's not-found screen", async ({
  loggedInPage: page,
}) => {
  for (const [path, status] of [
    ['/user/no-such-page', 404],
    ['/user/profile/extra', 404],
    ['/user/kol/no-such-page', 404],
    ['/user/profile', 200],
    ['/user/group-buying', 200],
    ['/user/kol/wallet', 200],
  ] as const) {
    expect((await page.request.get(path)).status(), path).toBe(status);
  }
  await openApp(page, '/user/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the account and KOL pages load their icon, nothing answers 404', async ({
  loggedInPage: page,
}) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  for (const path of ['/user/profile', '/user/kol']) {
    await openApp(page, path);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon, path).toBeTruthy();
    expect((await page.request.get(icon ?? '')).status(), path).toBe(200);
  }
  expect(missing).toEqual([]);
});
