import { expect, expectNoSeriousA11yViolations, openApp, test } from '@nimbus/e2e-kit';

// The suite's server has no CRYPTO_NETWORKS: the default, where crypto is not taken.

test('without crypto configured, pricing offers no crypto and the crypto page offers the other methods', async ({
  loggedInPage: page,
}) => {
  await openApp(page, '/pricing');
  await page.locator('label', { hasText: 'Standard · 3 months' }).click();
  await expect(page.getByRole('radio', { name: /Credit \/ debit card/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cryptocurrency/ })).toHaveCount(0);
  const productId = new URL(page.url()).searchParams.get('plan') ?? '';
  expect(productId).not.toBe('');

  // A crypto link kept from elsewhere (a bookmark, an app) lands on a page that says so.
  await openApp(page, `/crypto-pay/${productId}`);
  await expect(
    page.getByRole('heading', { name: "Cryptocurrency payment isn't available" }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Network' })).toHaveCount(0);
  await expect(page.getByText(/^Step \d of \d$/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { context: 'crypto unavailable, en' });
  await expect(page.getByRole('listitem').filter({ hasText: 'Credit / debit card' })).toBeVisible();
  await page.getByRole('link', { name: 'Choose another payment method' }).click();
  await page.waitForURL(/\/pricing\?plan=/);
  await expect(page.getByRole('radio', { name: /Standard · 3 months/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Credit \/ debit card/ })).toBeChecked();
});

test('the crypto page says it in Chinese too, before logging in', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
  const page = await context.newPage();
  await openApp(page, '/pricing');
  const productId = await page.locator('input[name="plan"]').first().inputValue();
  await openApp(page, `/crypto-pay/${productId}`);
  await expect(page.getByRole('heading', { name: '暂不支持加密货币支付' })).toBeVisible();
  await expect(page.getByRole('link', { name: '选择其他支付方式' })).toBeVisible();
  await expect(page.getByRole('link', { name: '登录后支付' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { context: 'crypto unavailable, zh-CN' });
  await context.close();
});
