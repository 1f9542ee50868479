import { expect, openApp, test as kit } from '@nimbus/e2e-kit';
import { startStripeStandin, type StripeStandin } from '@nimbus/e2e-kit/stripe';

// Stripe from the buyer's side: the built server talks to a local stand-in of Stripe's API
// through the real SDK (STRIPE_API_BASE); the stand-in's hosted checkout page delivers the
// webhook signed by the SDK's test-header helper and returns the buyer to /purchased.

// Fixture callbacks are named `provide`: the React hooks lint takes `use` for a hook.
const test = kit.extend<object, { stripe: StripeStandin }>({
  stripe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const stripe = await startStripeStandin();
      await provide(stripe);
      await stripe.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ stripe }, provide) => provide({ ...stripe.env, STRIPE_METHODS: 'card,alipay' }),
    { scope: 'worker' },
  ],
  server: async ({ server, stripe }, provide) => {
    stripe.webhookUrl = `${server.url}/v4/payment/webhook/stripe`;
    await provide(server);
  },
});

test('pay by card on Stripe: pricing, the hosted checkout, back on /purchased with the membership', async ({
  loggedInPage: page,
  stripe,
}) => {
  await openApp(page, '/pricing');
  await page.locator('label', { hasText: 'Standard · 1 month' }).click();
  await expect(page.getByRole('radio', { name: /card/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Alipay/ })).toBeVisible();
  // A test-mode key moves no money, and the page says so.
  await expect(page.getByText(/Test mode/)).toBeVisible();

  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^Pay / }).click();
  const checkout = await checkoutPromise;
  await checkout.waitForURL((url) => url.href.startsWith(`${stripe.url}/c/pay/cs_test_`));
  await expect(checkout.getByTestId('stripe-amount')).toHaveText('1299 USD');
  await expect(checkout.getByTestId('stripe-method')).toHaveText('card');
  await Promise.all([
    checkout.waitForURL(/\/purchased\?orderId=/),
    checkout.getByRole('button', { name: 'Pay' }).click(),
  ]);
  await expect(
    checkout.getByRole('heading', { name: 'Thank you for your purchase!' }),
  ).toBeVisible();
  await expect(checkout.getByText(/Your membership now runs until/)).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: "Yes, I've paid" }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('giving up on the hosted page returns to pricing and charges nothing', async ({
  loggedInPage: page,
  stripe,
}) => {
  await openApp(page, '/pricing');
  await page.getByRole('radio', { name: /Alipay/ }).check();
  const checkoutPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^Pay / }).click();
  const checkout = await checkoutPromise;
  await checkout.waitForURL((url) => url.href.startsWith(`${stripe.url}/c/pay/`));
  await expect(checkout.getByTestId('stripe-method')).toHaveText('alipay');
  await Promise.all([
    checkout.waitForURL(/\/pricing$/),
    checkout.getByRole('button', { name: 'Back' }).click(),
  ]);
  await expect(checkout.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  expect([...stripe.sessions.values()].at(-1)?.payment_status).toBe('unpaid');
});
