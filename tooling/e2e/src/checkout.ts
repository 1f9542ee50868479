import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { apiCall } from './api.ts';

/**
 * On the sandbox provider's hosted checkout page (/pay/sandbox/<orderId>, opened by the site
 * in a new tab or the same one), presses Pay or Fail, which sends the signed webhook and returns
 * to the site. Returns the page it ends on.
 */
export async function completeSandboxCheckout(
  checkout: Page,
  outcome: 'pay' | 'fail' = 'pay',
): Promise<Page> {
  await checkout.waitForURL(/\/pay\/sandbox\//);
  const button = checkout.locator(`form:has(input[name="outcome"][value="${outcome}"]) button`);
  await expect(button).toBeVisible();
  await Promise.all([
    checkout.waitForURL((url) => !url.pathname.startsWith('/pay/sandbox/')),
    button.click(),
  ]);
  return checkout;
}

/**
 * Buys a plan as the holder of `token`, the way a visitor does after choosing it: the purchase
 * call, then the sandbox provider's hosted checkout page in `page`, where Pay sends the signed
 * webhook. Seeded plans: 3 is Standard 12 months ($99.99), 4 is Standard 24 months ($179.99).
 * Returns the order id.
 */
export async function buyPlan(
  page: Page,
  server: { url: string },
  token: string,
  productId: string,
): Promise<string> {
  const { envelope } = await apiCall<{ orderId: string; checkoutUrl: string | null }>(
    server.url,
    '/api/payment/payment_purchase',
    { productId, paymentMethod: 'card', idempotencyKey: randomBytes(12).toString('hex') },
    { token },
  );
  const { orderId, checkoutUrl } = envelope.data;
  expect(checkoutUrl, 'the sandbox provider answers a checkout page').toBeTruthy();
  await page.goto(checkoutUrl as string);
  await completeSandboxCheckout(page, 'pay');
  return orderId;
}
