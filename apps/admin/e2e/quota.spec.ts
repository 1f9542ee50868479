import {
  buyPlan,
  expectNoSeriousA11yViolations,
  openApp,
  registerUser,
  settle,
} from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// Traffic quotas in Chromium: an admin gives a new plan a monthly quota in the console (a
// fraction is refused in the form by the domain's rule), a member buys it, support sees the
// member's traffic against it and adds traffic to this cycle, and the member's account shows
// the new allowance on the meter.

interface OpsPlan {
  id: number;
  quota: { gb: number; reset: string } | null;
}

test('an admin sets a plan quota, support tops a member up, the member sees the allowance', async ({
  operatorPage,
  accountPage,
  server,
}, testInfo) => {
  const page = await operatorPage('quotas', 'admin', '/admin/plans');
  const axe = async (on: typeof page, where: string) => {
    await settle(on);
    await expectNoSeriousA11yViolations(on, { context: where, testInfo });
  };
  const create = page.getByRole('region', { name: text('admin-setup:create_plan') });
  const field = (key: string) => create.getByRole('textbox', { name: text(key), exact: true });
  await field('admin-setup:plan_days').fill('30');
  await field('admin-setup:plan_price').fill('4.99');
  await field('admin-setup:plan_quota').fill('1.5');
  await create.getByRole('button', { name: text('admin-setup:create') }).click();
  await expect(
    create.getByText(text('validation:quota_invalid', { max: '1048576' })),
  ).toBeVisible();

  await field('admin-setup:plan_quota').fill('1');
  await create
    .getByRole('combobox', { name: text('admin-setup:plan_quota_reset') })
    .selectOption('purchase_day');
  const before = server.ops(['plans', 'list', '--json']) as OpsPlan[];
  await create.getByRole('button', { name: text('admin-setup:create') }).click();
  await expect(page.getByText(/^Plan \d+ created\.$/)).toBeVisible();
  const created = (server.ops(['plans', 'list', '--json']) as OpsPlan[]).filter(
    (p) => !before.some((b) => b.id === p.id),
  );
  expect(created).toHaveLength(1);
  expect(created[0]?.quota).toEqual({ gb: 1, reset: 'purchase_day' });
  const planId = String(created[0]?.id);
  const row = page.getByRole('row').filter({ hasText: `#${planId}` });
  await expect(row).toContainText(
    text('admin-setup:quota_value', {
      gb: '1',
      reset: text('admin-setup:quota_reset_purchase_day'),
    }),
  );
  await axe(page, 'plans with a quota');

  // A member buys it: their cycle carries 1 GB.
  const member = await registerUser(server.url);
  const memberPage = await accountPage(member);
  await buyPlan(memberPage, server, member.token, planId);

  await openApp(page, `/admin/users/${member.userId}`);
  const traffic = page
    .getByRole('term')
    .filter({ hasText: text('admin:field_traffic') })
    .locator('xpath=following-sibling::dd[1]');
  await expect(traffic).toContainText('0 GB of 1 GB (0%)');
  await page.getByRole('textbox', { name: text('admin:top_up_gb') }).fill('5');
  await page
    .locator('form')
    .filter({ has: page.getByRole('textbox', { name: text('admin:top_up_gb') }) })
    .getByRole('textbox', { name: text('admin:reason') })
    .fill('Ticket: streaming abroad this week');
  await page.getByRole('button', { name: text('admin:top_up') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: text('admin:top_up_done', { allowance: '6 GB' }) }),
  ).toBeVisible();
  await expect(traffic).toContainText('0 GB of 6 GB (0%)');
  await axe(page, 'a user with a quota and the top-up form');

  // The member's traffic card shows the new allowance on its meter.
  await openApp(memberPage, '/user/third-party');
  await expect(
    memberPage.getByRole('progressbar', { name: 'Traffic used this cycle' }),
  ).toHaveAttribute('aria-valuetext', '0 GB of 6 GB (0%)');
  await expect(memberPage.getByText(/^Starts again from zero on .+ \(UTC\)\.$/)).toBeVisible();
  await axe(memberPage, "the member's traffic against the quota");
});
