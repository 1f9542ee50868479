import { randomBytes } from 'node:crypto';
import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  apiCall,
  completeSandboxCheckout,
  expectNoSeriousA11yViolations,
  openApp,
  registerUser,
  settle,
  type RunningServer,
} from '@nimbus/e2e-kit';
import type { Browser } from '@playwright/test';
import { expect, test, textIn } from './support.ts';

// Group buys in the console, in Chromium: finance finds an open group whose creator paid and
// closes it by keyboard (the paid share is queued for refund); axe on the list and a group, in
// English and Chinese, at 375 px and desktop.

test.use({ serverEnv: { GROUP_BUY_ENABLED: 'true' } });

/** A pay-self group of 3 whose creator paid their share on the sandbox checkout. */
async function openGroup(browser: Browser, server: RunningServer): Promise<string> {
  const creator = await registerUser(server.url);
  const { envelope } = await apiCall<{ group: { groupId: string }; checkoutUrl: string }>(
    server.url,
    '/api/payment/payment_joint_purchase',
    {
      productId: '1',
      size: 3,
      paymentType: 1,
      paymentMethod: 'card',
      idempotencyKey: randomBytes(12).toString('hex'),
    },
    { token: creator.token },
  );
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto(envelope.data.checkoutUrl);
  await completeSandboxCheckout(page, 'pay');
  await context.close();
  return envelope.data.group.groupId;
}

let serial = 0;
const financeName = () => `groups${++serial}`;

test('finance closes an open group by keyboard; the paid share is queued for refund', async ({
  browser,
  operatorPage,
  server,
}) => {
  const text = textIn('en');
  const groupId = await openGroup(browser, server);
  const page = await operatorPage(financeName(), 'finance');
  await page.getByRole('link', { name: text('admin-groups:nav_groups') }).click();
  await page
    .getByRole('combobox', { name: text('admin-groups:filter_state') })
    .selectOption('open');
  await page.getByRole('button', { name: text('admin-groups:filter') }).click();
  const row = page.getByRole('row').filter({ hasText: groupId });
  await expect(row).toContainText(text('admin-groups:state_open'));
  await expect(row).toContainText(text('admin-groups:members_of', { joined: '1', size: '3' }));
  await row.getByRole('link', { name: groupId }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: text('admin-groups:group_title', { id: groupId }),
    }),
  ).toBeVisible();

  const reason = page.getByRole('textbox', { name: text('admin-groups:close_reason') });
  await reason.focus();
  await page.keyboard.type('Provider outage, the creator asked');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: text('admin-groups:close') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: text('admin-groups:closed_done_one') }),
  ).toBeVisible();
  const refunds = page.getByRole('table', { name: text('admin-groups:refunds_title') });
  await expect(refunds.getByRole('row')).toHaveCount(2);
  await expect(refunds).toContainText(text('admin-groups:reason_group_closed'));
  await expect(page.getByRole('textbox', { name: text('admin-groups:close_reason') })).toHaveCount(
    0,
  );
});

for (const language of A11Y_LANGUAGES) {
  test(`axe on the group screens, ${language}, 375 px and desktop`, async ({
    browser,
    consolePage,
    operatorToken,
    server,
  }, testInfo) => {
    test.setTimeout(180_000);
    const text = textIn(language);
    const groupId = await openGroup(browser, server);
    const token = await operatorToken(financeName(), 'finance');
    for (const viewport of A11Y_VIEWPORTS) {
      const page = await consolePage(token, { language, viewport });
      for (const [path, heading] of [
        ['/admin/groups', text('admin-groups:groups_title')],
        [`/admin/groups/${groupId}`, text('admin-groups:group_title', { id: groupId })],
      ] as const) {
        await openApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await settle(page);
        await expectNoSeriousA11yViolations(page, {
          context: `${path} [${language}, ${viewport.width} px]`,
          soft: true,
          testInfo,
        });
      }
      await page.context().close();
    }
  });
}
