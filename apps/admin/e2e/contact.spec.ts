import { apiCall, readOutbox, registerUser, uniqueEmail } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// Support changes a member's sign-in e-mail from the user's page in Chromium: a taken address
// is refused in the dialog, the new one is saved; the member then logs in with the new e-mail
// and not the old one, the old address got the notice, and the change is in the audit trail.

const login = (baseUrl: string, email: string, password: string) =>
  apiCall(baseUrl, '/api/user/user_login', {
    channel: 'email',
    account: email,
    password,
    agreeTerms: true,
  });

test("support changes a member's e-mail; the member signs in with the new one", async ({
  operatorPage,
  server,
}) => {
  const member = await registerUser(server.url);
  const other = await registerUser(server.url);
  const page = await operatorPage('mailfixer', 'support', `/admin/users/${member.userId}`);

  await page.getByRole('button', { name: text('admin:change_email') }).click();
  const dialog = page.getByRole('dialog', {
    name: text('admin:change_email_title', { id: member.userId }),
  });
  await expect(dialog).toBeVisible();
  const address = dialog.getByRole('textbox', { name: text('admin:new_email') });
  const reason = dialog.getByRole('textbox', { name: text('admin:change_reason') });

  // Checked in the dialog first, then by the server: another account's address is refused.
  await dialog.getByRole('button', { name: text('admin:change'), exact: true }).click();
  await expect(address).toHaveAccessibleDescription(text('validation:email_required'));
  await expect(reason).toHaveAccessibleDescription(text('validation:text_required'));
  await address.fill(other.email.toUpperCase());
  await reason.fill('Lost access to the old mailbox');
  await dialog.getByRole('button', { name: text('admin:change'), exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(text('errors:contact_taken'));

  const next = uniqueEmail('moved');
  await address.fill(next);
  await address.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({
      hasText: text('admin:email_changed', { value: next, count: '2' }),
    }),
  ).toBeVisible();
  await expect(page.getByText(next, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'user.email_changed' })).toBeVisible();

  // The member's session ended; the new e-mail signs in, the old one does not.
  await expect(
    apiCall(server.url, '/api/user/user_get_device_list', {}, { token: member.token }),
  ).rejects.toThrow(/Unauthorized/);
  expect((await login(server.url, next, member.password)).token).toBeTruthy();
  await expect(login(server.url, member.email, member.password)).rejects.toThrow(
    /InvalidCredentials/,
  );
  // The old address was told (the dev outbox stands in for SMTP here).
  const outbox = (await readOutbox(server.url)) as { to: string; purpose: string }[];
  expect(outbox.some((e) => e.to === member.email && e.purpose === 'notice:email_changed')).toBe(
    true,
  );
});
