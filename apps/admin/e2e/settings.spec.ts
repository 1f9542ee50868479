import { expect, test, text } from './support.ts';

// Run-time settings and site notices in the console, in Chromium: an admin switches redeem codes
// off and back to the default; support (who has no settings screen) adds a notice in both
// languages and removes it. `pnpm ops settings` (the same service) reads what the console wrote.

interface Entry {
  value: unknown;
  isSet: boolean;
  updatedBy: string | null;
}

test('an admin switches a feature; support publishes and removes a notice', async ({
  operatorPage,
  server,
}) => {
  const page = await operatorPage('switcher', 'admin');
  await page.getByRole('link', { name: text('admin-setup:nav_settings') }).click();
  await page
    .getByRole('button', {
      name: text('admin-setup:edit_setting_label', { key: 'features.redeem' }),
    })
    .click();
  const form = page.getByRole('region', {
    name: text('admin-setup:edit_setting_title', {
      key: text('admin-setup:setting_features_redeem'),
    }),
  });
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused();
  await form
    .getByRole('combobox', { name: text('admin-setup:setting_value') })
    .selectOption('false');
  await form.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(
    page.getByText(
      text('admin-setup:setting_saved', { key: text('admin-setup:setting_features_redeem') }),
    ),
  ).toBeVisible();
  const off = server.ops(['settings', 'get', 'features.redeem', '--json']) as Entry;
  expect(off).toMatchObject({
    value: false,
    isSet: true,
    updatedBy: expect.stringMatching(/^operator:\d+$/),
  });

  // A value the setting does not take: the server's reason, nothing saved.
  await page
    .getByRole('button', {
      name: text('admin-setup:edit_setting_label', { key: 'payments.promoHoldMinutes' }),
    })
    .click();
  await page.getByRole('textbox', { name: text('admin-setup:setting_value') }).fill('0');
  await page.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(page.getByRole('alert')).toContainText('This value is not valid:');
  await page.getByRole('button', { name: text('admin-setup:cancel') }).click();

  await page
    .getByRole('button', {
      name: text('admin-setup:edit_setting_label', { key: 'features.redeem' }),
    })
    .click();
  await page.getByRole('button', { name: text('admin-setup:reset_default') }).click();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'features.redeem' })
      .getByText(/^Default/),
  ).toBeVisible();
  expect(server.ops(['settings', 'get', 'features.redeem', '--json'])).toMatchObject({
    value: true,
    isSet: false,
  });

  // Support: notices, and no settings screen.
  const support = await operatorPage('noticer', 'support');
  await expect(support.getByRole('link', { name: text('admin-setup:nav_settings') })).toHaveCount(
    0,
  );
  await support.getByRole('link', { name: text('admin-setup:nav_notices') }).click();
  await support.getByRole('button', { name: text('admin-setup:new_notice') }).click();
  const notice = support.getByRole('region', { name: text('admin-setup:new_notice') });
  await notice
    .getByRole('textbox', { name: text('admin-setup:notice_id') })
    .fill('maintenance-dec');
  await notice
    .getByRole('combobox', { name: text('admin-setup:notice_level') })
    .selectOption('warning');
  await notice
    .getByRole('textbox', { name: text('admin-setup:notice_text_en') })
    .fill('Maintenance on 1 December, 02:00-03:00 UTC');
  await notice
    .getByRole('textbox', { name: text('admin-setup:notice_text_zh') })
    .fill('12 月 1 日 02:00-03:00（UTC）维护');
  await notice.getByRole('textbox', { name: text('admin-setup:notice_link') }).fill('/download');
  await notice.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(
    support.getByText(text('admin-setup:notice_saved', { id: 'maintenance-dec' })),
  ).toBeVisible();
  await expect(
    support.getByRole('cell', { name: 'Maintenance on 1 December, 02:00-03:00 UTC' }).first(),
  ).toBeVisible();
  // Other suites on this server may have notices of their own: this one by its id.
  const published = () =>
    (server.ops(['settings', 'get', 'notices', '--json']) as { value: { id: string }[] }).value;
  expect(published().find((n) => n.id === 'maintenance-dec')).toMatchObject({
    level: 'warning',
    link: '/download',
    text: { 'zh-CN': '12 月 1 日 02:00-03:00（UTC）维护' },
  });

  await support
    .getByRole('button', {
      name: text('admin-setup:remove_notice_label', { id: 'maintenance-dec' }),
    })
    .click();
  await support
    .getByRole('alertdialog')
    .getByRole('button', { name: text('admin-setup:remove') })
    .click();
  await expect(
    support.getByText(text('admin-setup:notice_removed', { id: 'maintenance-dec' })),
  ).toBeVisible();
  await expect(
    support.getByRole('cell', { name: 'Maintenance on 1 December, 02:00-03:00 UTC' }),
  ).toHaveCount(0);
  expect(published().map((n) => n.id)).not.toContain('maintenance-dec');
});
