import { expectNoSeriousA11yViolations, registerUser, settle } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// API tokens in Chromium: an admin makes a token that may grant time, sees its secret once, a
// program uses it (the console's own call with the token), the table shows its last use, the
// admin revokes it and the program is refused.

test('an admin makes a scoped token, a program uses it, the admin revokes it', async ({
  operatorPage,
  server,
}, testInfo) => {
  const page = await operatorPage('tokens', 'admin', '/admin');
  await page.getByRole('link', { name: text('admin:nav_api_tokens') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('admin:api_tokens_title') }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: text('admin:api_token_name') }).fill('Partner shop');
  await page.getByRole('checkbox', { name: text('admin:api_token_scope_users_manage') }).check();
  await page.getByRole('button', { name: text('admin:api_token_create') }).click();
  const secret = (await page.getByTestId('api-token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^nmb_[A-Za-z0-9_-]{43}$/);
  await expect(
    page.getByRole('heading', {
      name: text('admin:api_token_secret_title', { name: 'Partner shop' }),
    }),
  ).toBeFocused();
  await settle(page);
  await expectNoSeriousA11yViolations(page, { context: 'API tokens, secret shown', testInfo });

  // The program grants a member 30 days with the token.
  const member = await registerUser(server.url);
  const call = () =>
    fetch(`${server.url}/v4/api/admin/user_adjust_time`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({
        userId: member.userId,
        plan: 'standard',
        days: 30,
        reason: 'Partner shop order 1001',
      }),
    });
  const granted = (await (await call()).json()) as { code: number };
  expect(granted.code).toBe(200);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'Partner shop' });
  await expect(row).toContainText(text('admin:api_token_state_live'));
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('-');

  await page
    .getByRole('button', { name: text('admin:api_token_revoke_label', { name: 'Partner shop' }) })
    .click();
  await expect(
    page.getByText(text('admin:api_token_revoked', { name: 'Partner shop' })),
  ).toBeVisible();
  expect((await call()).status).toBe(401);
  // The secret is not shown again anywhere.
  await expect(page.getByText(secret)).toHaveCount(0);
});
