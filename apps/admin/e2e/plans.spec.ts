import { expectVisibleFocus } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// Plans in the console, in Chromium: an admin creates a plan, is told in the form when a price
// makes no sense, reprices the plan and takes it off sale by keyboard; `pnpm ops plans list`
// (the same service and table) shows what the console did.

interface OpsPlan {
  id: number;
  days: number;
  priceMinor: number;
  originalPriceMinor: number;
  active: boolean;
}

test('an admin creates a plan, reprices it and withdraws it from the shop', async ({
  operatorPage,
  server,
}) => {
  const page = await operatorPage('planner', 'admin');
  await page.getByRole('link', { name: text('admin-setup:nav_plans') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin-setup:plans_title') }),
  ).toBeVisible();

  const create = page.getByRole('region', { name: text('admin-setup:create_plan') });
  await create.getByRole('combobox', { name: text('admin-setup:plan_type') }).selectOption('lite');
  await create
    .getByRole('textbox', { name: text('admin-setup:plan_days'), exact: true })
    .fill('90');
  await create
    .getByRole('textbox', { name: text('admin-setup:plan_price'), exact: true })
    .fill('14.99');
  await create
    .getByRole('textbox', { name: text('admin-setup:plan_original'), exact: true })
    .fill('9.99');
  await create.getByRole('button', { name: text('admin-setup:create') }).click();
  // The domain's rule, in the form: nothing is sent.
  await expect(create.getByText(text('validation:original_below_price'))).toBeVisible();
  const before = server.ops(['plans', 'list', '--json']) as OpsPlan[];

  await create
    .getByRole('textbox', { name: text('admin-setup:plan_original'), exact: true })
    .fill('17.97');
  await create.getByRole('checkbox', { name: text('admin-setup:plan_group_buy') }).check();
  await create.getByRole('button', { name: text('admin-setup:create') }).click();
  const created = (server.ops(['plans', 'list', '--json']) as OpsPlan[]).filter(
    (p) => !before.some((b) => b.id === p.id),
  );
  expect(created).toHaveLength(1);
  const id = String(created[0]?.id);
  await expect(page.getByText(text('admin-setup:plan_created', { id }))).toBeVisible();
  expect(created[0]).toMatchObject({ days: 90, priceMinor: 1499, originalPriceMinor: 1797 });

  // Edit by keyboard: the row's button, then the form (its heading takes the focus).
  const edit = page.getByRole('button', { name: text('admin-setup:edit_plan_label', { id }) });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('region', { name: /^Edit Lite/ });
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page, 'the first field of the plan form');
  await form
    .getByRole('textbox', { name: text('admin-setup:plan_price'), exact: true })
    .fill('12.49');
  const onSale = form.getByRole('checkbox', { name: text('admin-setup:plan_active') });
  await onSale.focus();
  await page.keyboard.press('Space');
  await expect(onSale).not.toBeChecked();
  await form.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(page.getByText(text('admin-setup:plan_saved', { id }))).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `#${id} ` })
      .getByText(text('admin-setup:sale_inactive')),
  ).toBeVisible();

  const after = (server.ops(['plans', 'list', '--json']) as OpsPlan[]).find(
    (p) => String(p.id) === id,
  );
  expect(after).toMatchObject({ priceMinor: 1249, originalPriceMinor: 1797, active: false });

  // The withdrawn filter, answered by the server.
  await page
    .getByRole('combobox', { name: text('admin-setup:filter_sale') })
    .selectOption('inactive');
  await expect(page.getByRole('row').filter({ hasText: `#${id} ` })).toBeVisible();
  await page
    .getByRole('combobox', { name: text('admin-setup:filter_sale') })
    .selectOption('active');
  await expect(page.getByRole('row').filter({ hasText: `#${id} ` })).toHaveCount(0);
});
