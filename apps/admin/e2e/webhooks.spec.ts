import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  buyPlan,
  catalogueText,
  expectNoSeriousA11yViolations,
  registerUser,
  settle,
} from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';
import { startReceiver } from './webhook-receiver.ts';

// Outbound webhooks in Chromium (docs/webhooks.md): an admin adds an endpoint at a real local
// receiver (the secret shown once), a sandbox purchase delivers order.paid signed with it, the
// receiver fails the first attempt, the console's delivery log shows both states, and a replay
// sends the event again. Then axe on both screens, both languages, 375 px and desktop.

test('an admin adds an endpoint, a purchase delivers order.paid, a replay sends it again', async ({
  operatorPage,
  accountPage,
  server,
}) => {
  const receiver = await startReceiver(1);
  try {
    const page = await operatorPage('hookrunner', 'admin');
    await page.getByRole('link', { name: text('admin-webhooks:nav_webhooks') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('admin-webhooks:webhooks_title') }),
    ).toBeVisible();

    // A private address is refused by the server, in the reader's language; nothing is made.
    const url = page.getByRole('textbox', { name: text('admin-webhooks:field_url') });
    await url.fill('http://10.1.2.3/hook');
    await page.getByRole('checkbox', { name: 'order.paid' }).check();
    await page.getByRole('button', { name: text('admin-webhooks:create') }).click();
    await expect(page.getByText(text('errors:webhook_url_refused'))).toBeVisible();
    // Nothing made (other specs on this worker's server may have endpoints of their own).
    await expect(page.getByRole('row').filter({ hasText: 'http://10.1.2.3/hook' })).toHaveCount(0);

    // The local receiver (loopback is allowed outside production), by keyboard.
    await url.fill(receiver.url);
    await page
      .getByRole('textbox', { name: text('admin-webhooks:field_description') })
      .fill('Accounting');
    await page.getByRole('button', { name: text('admin-webhooks:create') }).focus();
    await page.keyboard.press('Enter');
    const secretTitle = page.getByRole('heading', {
      name: text('admin-webhooks:secret_title', { url: receiver.url }),
    });
    await expect(secretTitle).toBeFocused();
    await expect(page.getByText(text('admin-webhooks:secret_warning'))).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await receiver.setSecret(secret);
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('order.paid');
    await expect(
      row.getByText(text('admin-webhooks:secret_hint', { hint: secret.slice(-4) })),
    ).toBeVisible();
    // Shown once: a reload has only its last four characters.
    await page.reload();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // A member buys in the sandbox; the jobs run (as every minute): the first attempt fails.
    const member = await registerUser(server.url);
    const orderId = await buyPlan(await accountPage(member), server, member.token, '1');
    server.ops(['jobs']);
    expect(await receiver.received()).toEqual([]);

    await page
      .getByRole('link', { name: text('admin-webhooks:deliveries_label', { url: receiver.url }) })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('admin-webhooks:deliveries_title') }),
    ).toBeVisible();
    const delivery = page.getByRole('row').filter({ hasText: 'order.paid' });
    await expect(delivery.getByText(text('admin-webhooks:status_due'))).toBeVisible();
    await expect(delivery).toContainText('503');

    // Replay: sent at the next run, signed with the secret the console showed.
    const replay = delivery.getByRole('button', { name: /order\.paid/ });
    await replay.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'order.paid' })).toBeVisible();
    server.ops(['jobs']);
    await expect.poll(async () => (await receiver.received()).length).toBe(1);
    const [first] = await receiver.received();
    expect(first).toMatchObject({ type: 'order.paid', verified: true });
    await page.reload();
    await expect(delivery.getByText(text('admin-webhooks:status_delivered'))).toBeVisible();
    await expect(delivery).toContainText('204');

    // A delivered event can be replayed too (a receiver that lost it): the same event id.
    await delivery.getByRole('button', { name: /order\.paid/ }).click();
    server.ops(['jobs']);
    await expect.poll(async () => (await receiver.received()).length).toBe(2);
    expect((await receiver.received())[1]?.id).toBe(first?.id);
    expect(orderId).toBeTruthy();
  } finally {
    receiver.close();
  }
});

test('an admin edits an endpoint (URL, events) and deletes it after confirming', async ({
  operatorPage,
}) => {
  const page = await operatorPage('hookeditor', 'admin', '/admin/webhooks');
  await page
    .getByRole('textbox', { name: text('admin-webhooks:field_url') })
    .fill('http://127.0.0.1:9/first');
  await page.getByRole('checkbox', { name: 'order.paid' }).check();
  await page.getByRole('button', { name: text('admin-webhooks:create') }).click();
  const first = page.getByRole('row').filter({ hasText: 'http://127.0.0.1:9/first' });
  await expect(first).toContainText('order.paid');

  await page
    .getByRole('button', {
      name: text('admin-webhooks:edit_label', { url: 'http://127.0.0.1:9/first' }),
    })
    .click();
  const form = page.getByRole('form', {
    name: text('admin-webhooks:edit_title', { url: 'http://127.0.0.1:9/first' }),
  });
  await form
    .getByRole('textbox', { name: text('admin-webhooks:field_url') })
    .fill('http://127.0.0.1:9/second');
  await form.getByRole('checkbox', { name: 'order.paid' }).uncheck();
  await form.getByRole('checkbox', { name: 'order.refunded' }).check();
  await form.getByRole('button', { name: text('admin-setup:save') }).click();
  await expect(
    page.getByText(text('admin-webhooks:endpoint_saved', { url: 'http://127.0.0.1:9/second' })),
  ).toBeVisible();
  const second = page.getByRole('row').filter({ hasText: 'http://127.0.0.1:9/second' });
  await expect(second).toContainText('order.refunded');
  await expect(second).not.toContainText('order.paid');

  await second
    .getByRole('button', {
      name: text('admin-webhooks:delete_label', { url: 'http://127.0.0.1:9/second' }),
    })
    .click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: text('admin-webhooks:delete') }).click();
  await expect(
    page.getByText(text('admin-webhooks:endpoint_deleted', { url: 'http://127.0.0.1:9/second' })),
  ).toBeVisible();
  await expect(second).toHaveCount(0);
});

for (const language of A11Y_LANGUAGES) {
  test(`the webhook screens pass axe, ${language}, 375 px and desktop`, async ({
    consolePage,
    operatorToken,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await operatorToken(`hooka11y${language.replace('-', '')}`, 'admin');
    for (const viewport of A11Y_VIEWPORTS) {
      const page = await consolePage(token, { language, viewport, path: '/admin/webhooks' });
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: catalogueText(language, 'admin-webhooks:webhooks_title'),
        }),
      ).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `/admin/webhooks [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      await page.goto('/admin/webhooks/1');
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: catalogueText(language, 'admin-webhooks:deliveries_title'),
        }),
      ).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `/admin/webhooks/1 [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
    }
  });
}
