import { expect, openApp, test } from '@nimbus/e2e-kit';

test('with group buying switched off, the page says it has not started yet', async ({ page }) => {
  await openApp(page, '/group-buying');
  await expect(page.getByText("Group buying hasn't started yet. Stay tuned!")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Group' })).toHaveCount(0);
});
