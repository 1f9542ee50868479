import { expect, openApp, test } from '@nimbus/e2e-kit';

// What `pnpm start` runs outside production (tooling/scripts/start.mjs): example settings.
test.use({ serverEnv: { EXAMPLE_SETTINGS: 'true' }, viewport: { width: 1920, height: 1080 } });

test('a first start shows the whole product, marked as examples', async ({ page }) => {
  await openApp(page, '/');
  // The notice says the values are examples.
  await expect(page.getByText(/^Example settings: group buying, the download links/)).toBeVisible();
  // The More menu (blog, status, announcements, mirror) is in the header.
  await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /Blog/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Group buying is open: its offers are there to choose.
  await openApp(page, '/group-buying');
  await expect(page.getByRole('radio', { name: /2 people/ }).first()).toBeVisible();
  await expect(page.getByText("Group buying hasn't started yet. Stay tuned!")).toHaveCount(0);

  // Downloads have buttons (example links).
  await openApp(page, '/download');
  await expect(
    page.locator('a[href^="https://downloads.example.com/"], a[href^="https://apps.apple.com/"]'),
  ).not.toHaveCount(0);
});
