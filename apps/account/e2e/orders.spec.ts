import { randomBytes } from 'node:crypto';
import {
  apiCall,
  completeSandboxCheckout,
  expect,
  openApp,
  test,
  type TestUser,
} from '@nimbus/e2e-kit';
import type { Page } from '@playwright/test';

/** An order left waiting for payment: the purchase call, and no checkout. */
async function pendingOrder(url: string, user: TestUser) {
  const { envelope } = await apiCall<{ orderId: string; status: string }>(
    url,
    '/api/payment/payment_purchase',
    {
      productId: '3',
      paymentMethod: 'card',
      idempotencyKey: randomBytes(12).toString('hex'),
    },
    { token: user.token },
  );
  expect(envelope.data.status).toBe('pending');
  return envelope.data.orderId;
}

const orderRow = (page: Page, orderId: string) =>
  page.getByRole('row').filter({ has: page.getByText(orderId, { exact: true }) });

const serverStatus = async (url: string, user: TestUser, orderId: string) =>
  (
    await apiCall<{ status: string }>(
      url,
      '/api/payment/payment_order_status',
      { orderId },
      { token: user.token },
    )
  ).envelope.data.status;

test('an order waiting for payment is resumed at its checkout and paid', async ({
  server,
  user,
  loggedInPage: page,
}) => {
  const orderId = await pendingOrder(server.url, user);
  await openApp(page, '/user/profile');
  const row = orderRow(page, orderId);
  await expect(row.getByText('Unpaid')).toBeVisible();

  await row.getByRole('link', { name: `Resume payment of order ${orderId}` }).click();
  await completeSandboxCheckout(page, 'pay');
  await expect.poll(() => serverStatus(server.url, user, orderId)).toBe('paid');

  await openApp(page, '/user/profile');
  await expect(orderRow(page, orderId).getByText('Paid')).toBeVisible();
  await expect(orderRow(page, orderId).getByRole('link')).toHaveCount(0);
  await expect(orderRow(page, orderId).getByRole('button')).toHaveCount(0);
});

test('cancelling asks first, and marks the order cancelled here and on the server', async ({
  server,
  user,
  loggedInPage: page,
}) => {
  // (Its promo code use is released on the server: apps/api/test/order-cancel.test.ts.)
  const orderId = await pendingOrder(server.url, user);
  await openApp(page, '/user/profile');
  const row = orderRow(page, orderId);
  await expect(row.getByText('Unpaid')).toBeVisible();
  // Keeping it: the dialog's own cancel button leaves the order as it was.
  await row.getByRole('button', { name: `Cancel order ${orderId}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(await serverStatus(server.url, user, orderId)).toBe('pending');

  // By keyboard this time: the trigger, then the dialog's confirm button.
  await row.getByRole('button', { name: `Cancel order ${orderId}` }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.getByText('The order has been cancelled.')).toBeVisible();
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(row.getByRole('link')).toHaveCount(0);
  expect(await serverStatus(server.url, user, orderId)).toBe('cancelled');
});
