import { expect, test } from '@nimbus/e2e-kit';
import { bindDevice, grantMembership } from './support.ts';

test('a device bound through the API is listed, renamed in place and unbound', async ({
  loggedInPage: page,
  server,
  user,
}) => {
  await grantMembership(server, user.token);
  await bindDevice(server, user.token, { deviceId: 'e2e-iphone-1', name: 'Travel iPhone' });
  await page.goto('/user/device');
  const row = page.getByRole('row').filter({ hasText: 'Travel iPhone' });
  await expect(row).toContainText('iOS');
  await expect(row).toContainText('iOS 18.2');
  await expect(row).toContainText('3.4.0');
  await expect(page.getByText(/^1 of \d+ devices?$/)).toBeVisible();

  // Rename by keyboard: Enter saves (newlines cannot be typed into the field), Esc cancels.
  await row.getByRole('button', { name: 'Rename Travel iPhone' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Work phone');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: 'Travel iPhone' })).toBeVisible();
  await page.getByRole('button', { name: 'Rename Travel iPhone' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('  Work phone ');
  await page.keyboard.press('Enter');
  const renamed = page.getByRole('row').filter({ hasText: 'Work phone' });
  await expect(renamed).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Work phone' })).toBeVisible();

  await page.getByRole('button', { name: 'Unbind Work phone' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unbind this device?' });
  await dialog.getByRole('button', { name: 'Unbind' }).click();
  await expect(
    page.getByText('No devices yet. Download the app and log in to add one.'),
  ).toBeVisible();
  await expect(page.getByText(/^0 of \d+ devices?$/)).toBeVisible();
});
