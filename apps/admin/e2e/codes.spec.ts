import { readFile } from 'node:fs/promises';
import { expect, test, text } from './support.ts';

// Promo and redeem codes in the console, in Chromium, as finance: a promo code created, found
// and disabled (confirmed in a dialog); a batch of redeem codes made, downloaded as CSV, one
// disabled. `pnpm ops` (the same services and tables) sees what the console did.

test('finance creates and disables promo codes and a batch of redeem codes', async ({
  operatorPage,
  server,
}) => {
  const page = await operatorPage('codes', 'finance');
  // Finance has no plans screen; it has the codes.
  await expect(page.getByRole('link', { name: text('admin-setup:nav_plans') })).toHaveCount(0);
  await page.getByRole('link', { name: text('admin-setup:nav_promo_codes') }).click();

  const create = page.getByRole('region', { name: text('admin-setup:create_promo') });
  const field = (key: string) =>
    create.getByRole('textbox', { name: text(`admin-setup:${key}`), exact: true });
  await field('promo_code').fill('winter 25');
  await field('promo_percent').fill('25');
  await create.getByRole('button', { name: text('admin-setup:create') }).click();
  await expect(create.getByText(text('validation:promo_code_invalid_format'))).toBeVisible();
  await field('promo_code').fill('winter25');
  await field('promo_per_user').fill('1');
  await create.getByRole('button', { name: text('admin-setup:create') }).click();
  await expect(
    page.getByText(text('admin-setup:promo_created', { code: 'WINTER25' })),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: 'WINTER25', exact: true }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: text('admin-setup:code_query') }).fill('win');
  await page.getByRole('button', { name: text('admin-setup:search') }).click();
  await page
    .getByRole('button', { name: text('admin-setup:disable_label', { code: 'WINTER25' }) })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: text('admin-setup:cancel') })).toBeFocused();
  await dialog.getByRole('button', { name: text('admin-setup:disable') }).click();
  await expect(
    page.getByText(text('admin-setup:disabled_done', { code: 'WINTER25' })),
  ).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'WINTER25' })
      .getByText(text('admin-setup:state_inactive')),
  ).toBeVisible();
  const coupons = server.ops(['coupons', 'list', '--json']) as { code: string; active: boolean }[];
  expect(coupons.find((c) => c.code === 'WINTER25')?.active).toBe(false);

  // A batch of redeem codes, shown once, downloaded as CSV.
  await page.getByRole('link', { name: text('admin-setup:nav_redeem_codes') }).click();
  const batch = page.getByRole('region', { name: text('admin-setup:create_redeem') });
  await batch.getByRole('combobox', { name: text('admin-setup:redeem_type') }).selectOption('lite');
  await batch
    .getByRole('textbox', { name: text('admin-setup:redeem_days'), exact: true })
    .fill('30');
  await batch
    .getByRole('textbox', { name: text('admin-setup:redeem_count'), exact: true })
    .fill('3');
  await batch.getByRole('button', { name: text('admin-setup:create') }).click();
  const made = batch.getByRole('list', {
    name: text('admin-setup:redeem_created_title', { n: '3' }),
  });
  await expect(made.getByRole('listitem')).toHaveCount(3);
  const codes = (await made.getByRole('listitem').allTextContents()).map((c) => c.trim());
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('button', { name: text('admin-setup:download_csv') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^redeem-codes-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe('code,type,days,devices,uses,redeem_by');
  expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(codes);
  expect(csv[1]).toMatch(/^[A-Z2-9]{16},lite,30,2,1,$/);

  const first = codes[0] ?? '';
  await page
    .getByRole('button', { name: text('admin-setup:disable_label', { code: first }) })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: text('admin-setup:disable') })
    .click();
  await expect(page.getByText(text('admin-setup:disabled_done', { code: first }))).toBeVisible();
  const redeem = server.ops(['redeem', 'list', '--json']) as { code: string; active: boolean }[];
  expect(redeem.filter((r) => codes.includes(r.code)).map((r) => [r.code, r.active])).toEqual(
    expect.arrayContaining([
      [first, false],
      [codes[1], true],
      [codes[2], true],
    ]),
  );
});
