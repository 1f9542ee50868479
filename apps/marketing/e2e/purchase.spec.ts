import {
  completeSandboxCheckout,
  expect,
  logInContext,
  openApp,
  registerUser,
  test,
} from '@nimbus/e2e-kit';

test('buy a plan with a promo code through the sandbox: result dialog says paid, with the new expiry', async ({
  loggedInPage: page,
  server,
}) => {
  server.ops(['coupons', 'create', '--code=E2E20', '--percent=20']);
  await openApp(page, '/pricing');
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await page.locator('label', { hasText: 'Standard · 1 month' }).click();
  await expect(page.getByRole('radio', { name: /Standard · 1 month/ })).toBeChecked();
  await page.getByRole('textbox', { name: 'Promo code' }).fill('e2e20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Promo code applied: .* off\./)).toBeVisible();
  await expect(page.getByText('Promo code (E2E20)')).toBeVisible();

  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^Pay / }).click();
  const checkout = await checkoutPromise;
  await completeSandboxCheckout(checkout, 'pay');
  await expect(checkout).toHaveURL(/\/purchased\?orderId=/);
  await expect(
    checkout.getByRole('heading', { name: 'Thank you for your purchase!' }),
  ).toBeVisible();
  await expect(checkout.getByText(/Your membership now runs until/)).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByText('Have you completed the payment?')).toBeVisible();
  await dialog.getByRole('button', { name: "Yes, I've paid" }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(dialog.getByText(/Active until/)).toBeVisible();
});

test('a declined payment shows the failure in the result dialog', async ({
  loggedInPage: page,
}) => {
  await openApp(page, '/pricing');
  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^Pay / }).click();
  await completeSandboxCheckout(await checkoutPromise, 'fail');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: "Yes, I've paid" }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
});

test('an anonymous visitor is asked to log in to pay, and comes back to the chosen plan', async ({
  page,
}) => {
  await openApp(page, '/pricing');
  await page.locator('label', { hasText: 'Standard · 3 months' }).click();
  await page.getByRole('button', { name: 'Log in to Pay' }).click();
  await page.waitForURL(/\/login\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toMatch(
    /^\/pricing\?plan=/,
  );
});

test('browsed at another of the server own addresses than PUBLIC_URL, the checkout stays on it', async ({
  browser,
  server,
}) => {
  // PUBLIC_URL is http://127.0.0.1:PORT; the buyer browses http://localhost:PORT.
  const local = server.url.replace('127.0.0.1', 'localhost');
  const user = await registerUser(server.url);
  const context = await browser.newContext({ baseURL: local, locale: 'en-US' });
  await logInContext(context, local, user.token);
  const page = await context.newPage();
  await openApp(page, '/pricing');
  const checkoutPromise = context.waitForEvent('page');
  await page.getByRole('button', { name: /^Pay / }).click();
  const checkout = await checkoutPromise;
  await checkout.waitForURL(/\/pay\/sandbox\//);
  expect(new URL(checkout.url()).origin).toBe(local);
  await completeSandboxCheckout(checkout, 'pay');
  expect(new URL(checkout.url()).origin).toBe(local);
  await expect(
    checkout.getByRole('heading', { name: 'Thank you for your purchase!' }),
  ).toBeVisible();
  await context.close();
});
