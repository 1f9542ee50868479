import {
  A11Y_LANGUAGES,
  catalogueText,
  expect,
  newLanguageContext,
  openApp,
  settle,
  test,
} from '@nimbus/e2e-kit';
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

for (const language of A11Y_LANGUAGES) {
  test(`a member without a plan is told so and sent to pricing, not told the limit is reached (${language})`, async ({
    browser,
    server,
    user,
  }) => {
    const context = await newLanguageContext(browser, server.url, { language, token: user.token });
    const page = await context.newPage();
    await openApp(page, '/user/device');
    await expect(page.getByText(catalogueText(language, 'device:no_plan'))).toBeVisible();
    await expect(
      page.getByRole('link', { name: catalogueText(language, 'device:no_plan_action') }),
    ).toHaveAttribute('href', '/pricing');
    await settle(page);
    await expect(page.getByText(catalogueText(language, 'device:limit_reached'))).toHaveCount(0);
    await expect(
      page.getByText(catalogueText(language, 'device:limit_other', { used: '0', count: '0' })),
    ).toHaveCount(0);

    // With a plan the usage shows again, and the notice goes.
    await grantMembership(server, user.token);
    await page.reload();
    await expect(
      page.getByText(
        new RegExp(
          `^${catalogueText(language, 'device:limit_other', { used: '0', count: '\\d+' })}$`,
        ),
      ),
    ).toBeVisible();
    await expect(page.getByText(catalogueText(language, 'device:no_plan'))).toHaveCount(0);
    await context.close();
  });
}
