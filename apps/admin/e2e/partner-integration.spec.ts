import { apiCall, buyPlan, uniqueEmail } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';
import { startReceiver } from './webhook-receiver.ts';

// A partner's integration in Chromium (issue 33's journey): an admin makes a webhook endpoint
// and a scoped API token in the console; the partner's shop creates a member with the token; the
// member buys in the sandbox; user.created and order.paid reach a receiver that verifies the
// signature, though it refuses each event three times: the scheduled jobs retry on their own
// after the back-off (1, 5 and 30 minutes; the jobs run as they would then, under faketime).

test('a token creates a member, whose purchase reaches a failing receiver on retry', async ({
  operatorPage,
  accountPage,
  server,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver(3);
  try {
    const page = await operatorPage('partnerdesk', 'admin', '/admin/webhooks');
    await page.getByRole('textbox', { name: text('admin-webhooks:field_url') }).fill(receiver.url);
    await page.getByRole('checkbox', { name: 'user.created' }).check();
    await page.getByRole('checkbox', { name: 'order.paid' }).check();
    await page.getByRole('button', { name: text('admin-webhooks:create') }).click();
    const hookSecret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(hookSecret).toMatch(/^whsec_/);
    await receiver.setSecret(hookSecret);

    await page.getByRole('link', { name: text('admin:nav_api_tokens') }).click();
    await page.getByRole('textbox', { name: text('admin:api_token_name') }).fill('Reseller shop');
    await page.getByRole('checkbox', { name: text('admin:api_token_scope_users_manage') }).check();
    await page.getByRole('button', { name: text('admin:api_token_create') }).click();
    const token = (await page.getByTestId('api-token-secret').textContent()) ?? '';
    expect(token).toMatch(/^nmb_/);

    // The shop creates the member's account with the token, as its checkout would.
    const member = { email: uniqueEmail('shop'), password: 'shop-member-42' };
    const created = (await (
      await fetch(`${server.url}/v4/api/admin/user_create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          channel: 'email',
          account: member.email,
          password: member.password,
        }),
      })
    ).json()) as { code: number; data: { userId: string } };
    expect(created.code).toBe(200);
    const login = await apiCall(server.url, '/api/user/user_login', {
      channel: 'email',
      account: member.email,
      password: member.password,
      agreeTerms: true,
    });
    const buyer = { ...member, userId: created.data.userId, token: login.token ?? '' };
    await buyPlan(await accountPage(buyer), server, buyer.token, '1');

    // The endpoint's delivery log, as the admin opens it from the list.
    await page.goto('/admin/webhooks');
    await page
      .getByRole('link', { name: text('admin-webhooks:deliveries_label', { url: receiver.url }) })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('admin-webhooks:deliveries_title') }),
    ).toBeVisible();
    const log = page.url();
    const deliveries = async () => {
      await page.goto(log);
      return page.getByRole('row').filter({ hasText: /user\.created|order\.paid/ });
    };

    // The jobs run now, then as they would 1, 6 and 36 minutes later: three refusals each.
    server.ops(['jobs']);
    for (const [later, refused] of [
      [1, 1],
      [6, 2],
    ] as const) {
      const rows = await deliveries();
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) {
        await expect(row).toContainText(text('admin-webhooks:status_due'));
        await expect(row).toContainText('503');
        await expect(row.getByRole('cell').nth(5)).toHaveText(new RegExp(`\\D${refused}$`));
      }
      server.ops(['jobs'], { laterMinutes: later });
    }
    expect(await receiver.received()).toEqual([]);
    server.ops(['jobs'], { laterMinutes: 36 });

    const received = await receiver.received();
    expect(received.map((r) => r.type).sort()).toEqual(['order.paid', 'user.created']);
    expect(received.every((r) => r.verified)).toBe(true);
    const rows = await deliveries();
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row).toContainText(text('admin-webhooks:status_delivered'));
      await expect(row.getByRole('cell').nth(5)).toHaveText(/\D4$/);
    }
  } finally {
    receiver.close();
  }
});
