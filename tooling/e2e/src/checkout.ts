import { expect, type Page } from '@playwright/test';

/**
 * On the sandbox provider's hosted checkout page (/pay/sandbox/<orderId>, opened by the site
 * in a new tab or the same one), presses Pay or Fail, which sends the signed webhook and returns
 * to the site. Returns the page it ends on.
 */
export async function completeSandboxCheckout(checkout: Page, outcome: 'pay' | 'fail' = 'pay'): Promise<Page> {
  await checkout.waitForURL(/\/pay\/sandbox\//);
  const button = checkout.locator(`form:has(input[name="outcome"][value="${outcome}"]) button`);
  await expect(button).toBeVisible();
  await Promise.all([checkout.waitForURL((url) => !url.pathname.startsWith('/pay/sandbox/')), button.click()]);
  return checkout;
}
