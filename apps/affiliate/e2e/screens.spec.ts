import { expect, test } from '@nimbus/e2e-kit';
import { ops, overflowingElements } from './support.ts';

const WIDTHS = [
  { name: '375', width: 375, height: 812 },
  { name: '1920', width: 1920, height: 1080 },
] as const;

for (const size of WIDTHS) {
  test(`not a KOL at ${size.name} px`, async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/user/kol');
    await expect(page.getByRole('heading', { name: "You're not a KOL yet" })).toBeVisible();
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/screens/kol-not-kol-${size.name}.png`,
      fullPage: true,
    });
  });

  test(`the KOL dashboard at ${size.name} px`, async ({ loggedInPage: page, server, user }) => {
    await ops(server, ['kol', 'mark', user.userId], { rate: 50 });
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/user/kol');
    await expect(page.getByRole('heading', { level: 1, name: 'KOL Dashboard' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await overflowingElements(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/screens/kol-dashboard-${size.name}.png`,
      fullPage: true,
    });
  });
}

test('the dashboard works by keyboard', async ({ loggedInPage: page, server, user }) => {
  await ops(server, ['kol', 'mark', user.userId], { rate: 50 });
  await page.goto('/user/kol');
  const commission = page.getByRole('tab', { name: 'Commission' });
  await expect(commission).toBeVisible();
  for (
    let i = 0;
    i < 60 && !(await commission.evaluate((el) => el === document.activeElement));
    i += 1
  )
    await page.keyboard.press('Tab');
  await expect(commission).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Settlement' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('No payouts yet.')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Invitation' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('No one has signed up with your link yet.')).toBeVisible();
});
