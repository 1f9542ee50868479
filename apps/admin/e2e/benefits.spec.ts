import { apiCall, buyPlan, openApp, registerUser } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// Benefits in the console, in Chromium: an admin adds a shared account (the form refuses a link
// that is not a web address first), a member who paid for a yearly plan through the sandbox sees
// it with its password in the account centre; the admin renames it (the password left blank is
// kept) and the member sees the new name; removed, it is gone. The console never shows the
// password.

interface UserBenefits {
  items: { benefitId: string; name: string; password: string }[];
}

test('an admin adds, renames and removes a benefit; a yearly member sees each change', async ({
  accountPage,
  operatorPage,
  server,
}) => {
  test.setTimeout(120_000);
  const key = `e2e-music-${Date.now().toString(36)}`;
  const password = 'Fam1ly pass!';

  // A member who bought Standard 12 months (a yearly plan) through the sandbox checkout.
  const member = await registerUser(server.url);
  const memberPage = await accountPage(member);
  await buyPlan(memberPage, server, member.token, '3');
  const userBenefits = async () =>
    (
      await apiCall<UserBenefits>(
        server.url,
        '/api/system/system_user_benefits',
        {},
        {
          token: member.token,
        },
      )
    ).envelope.data.items.filter((b) => b.benefitId === key);

  const page = await operatorPage('curator', 'admin');
  await page.getByRole('link', { name: text('admin-setup:nav_benefits') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin-setup:benefits_title') }),
  ).toBeVisible();

  await page.getByRole('button', { name: text('admin-setup:new_benefit') }).click();
  const form = page.getByRole('region', { name: text('admin-setup:new_benefit') });
  await expect(form.getByRole('heading', { level: 2 })).toBeFocused();
  await form.getByRole('textbox', { name: text('admin-setup:benefit_key'), exact: true }).fill(key);
  await form
    .getByRole('textbox', { name: text('admin-setup:benefit_name'), exact: true })
    .fill('Music Family');
  await form
    .getByRole('textbox', { name: text('admin-setup:benefit_link'), exact: true })
    .fill('music.example/login');
  await form
    .getByRole('textbox', { name: text('admin-setup:benefit_account'), exact: true })
    .fill('family@nimbus.example');
  await form.getByLabel(text('admin-setup:benefit_password'), { exact: true }).fill(password);
  await form.getByRole('button', { name: text('admin-setup:save') }).click();
  // The domain's rule, beside its field: nothing is sent.
  await expect(
    form.getByText(text('validation:benefit_link_invalid', { max: '200' })),
  ).toBeVisible();
  expect(await userBenefits()).toEqual([]);

  await form
    .getByRole('textbox', { name: text('admin-setup:benefit_link'), exact: true })
    .fill('https://music.example/login');
  await form.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(page.getByText(text('admin-setup:benefit_created', { key }))).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(row).toContainText('Music Family');
  await expect(row).toContainText(text('admin-setup:password_set'));
  await expect(page.getByText(password)).toHaveCount(0);

  // The member's benefits page shows it, the password when asked.
  await openApp(memberPage, '/user/benefits');
  const item = memberPage.getByRole('listitem').filter({ hasText: 'Music Family' });
  await expect(item).toContainText('family@nimbus.example');
  await item.getByRole('button', { name: 'Show password' }).click();
  await expect(item).toContainText(password);

  // Renamed, the password field left blank: the stored password stays.
  await row
    .getByRole('button', { name: text('admin-setup:edit_benefit_label', { name: 'Music Family' }) })
    .click();
  const edit = page.getByRole('region', {
    name: text('admin-setup:edit_benefit_title', { name: 'Music Family' }),
  });
  await expect(
    edit.getByRole('textbox', { name: text('admin-setup:benefit_key'), exact: true }),
  ).toHaveValue(key);
  await expect(edit.getByLabel(text('admin-setup:benefit_password'), { exact: true })).toHaveValue(
    '',
  );
  await edit
    .getByRole('textbox', { name: text('admin-setup:benefit_name'), exact: true })
    .fill('Music Family HiFi');
  await edit.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(page.getByText(text('admin-setup:benefit_saved', { key }))).toBeVisible();
  await expect(row).toContainText('Music Family HiFi');
  await memberPage.reload();
  await expect(
    memberPage.getByRole('listitem').filter({ hasText: 'Music Family HiFi' }),
  ).toBeVisible();
  expect((await userBenefits()).map((b) => [b.name, b.password])).toEqual([
    ['Music Family HiFi', password],
  ]);

  // Removed after the confirmation: gone for the member.
  await row
    .getByRole('button', {
      name: text('admin-setup:remove_benefit_label', { name: 'Music Family HiFi' }),
    })
    .click();
  const confirm = page.getByRole('alertdialog', {
    name: text('admin-setup:remove_benefit_title', { name: 'Music Family HiFi' }),
  });
  await confirm.getByRole('button', { name: text('admin-setup:remove') }).click();
  await expect(page.getByText(text('admin-setup:benefit_removed', { key }))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: key })).toHaveCount(0);
  await memberPage.reload();
  await expect(memberPage.getByRole('listitem').filter({ hasText: 'Music Family' })).toHaveCount(0);
  expect(await userBenefits()).toEqual([]);
});
