import { createServer } from 'node:net';
import { MS_PER_DAY } from '@nimbus/domain';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PASSWORD, uniqueUsername } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { idempotencyKey, userRow } from '../support/payments.ts';

// The whole card/wallet path as a buyer lives it, in a real Chromium against a real listening
// server: register and buy through the API, open the hosted checkout, press Pay, land on
// /purchased, membership extended.

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let t: TestApp;
let base: string;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { PUBLIC_URL: base } });
  await t.app.listen({ host: '127.0.0.1', port });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}, 60_000);
afterAll(async () => {
  await browser.close();
  await t.close();
});

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/v4${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { res, json: (await res.json()) as { code: number; data: Record<string, unknown> } };
}

test('register, buy, pay on the sandbox checkout in Chromium, land on /purchased with membership extended', async () => {
  const registered = await api('/api/user/user_register', {
    channel: 'username',
    account: uniqueUsername(),
    password: PASSWORD,
    agreeTerms: true,
  });
  expect(registered.json.code).toBe(200);
  const token = registered.res.headers.get('pragma') ?? '';
  const userId = Number(registered.json.data.userId);
  const bought = await api(
    '/api/payment/payment_purchase',
    { productId: '2', paymentMethod: 'card', idempotencyKey: idempotencyKey() },
    token,
  );
  expect(bought.json.code).toBe(200);
  const { orderId, checkoutUrl } = bought.json.data as { orderId: string; checkoutUrl: string };
  expect(checkoutUrl).toMatch(
    new RegExp(`^${base}/pay/sandbox/${orderId}\\?key=[A-Za-z0-9_-]{22}$`),
  );

  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  page.on('console', (m) => consoleMessages.push(m.text()));
  const response = await page.goto(checkoutUrl);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Test checkout' }).isVisible()).resolves.toBe(
    true,
  );
  expect(await page.getByTestId('amount').textContent()).toBe('$32.99');

  await Promise.all([
    page.waitForURL((url) => url.pathname === '/purchased'),
    page.getByRole('button', { name: 'Pay $32.99' }).click(),
  ]);
  const landed = new URL(page.url());
  expect(landed.origin).toBe(base);
  expect(landed.searchParams.get('orderId')).toBe(orderId);
  await context.close();

  const status = await api('/api/payment/payment_order_status', { orderId }, token);
  expect(status.json.data).toMatchObject({ status: 'paid' });
  expect((await userRow(t, userId)).standard_expires_at).toBe(t.clock.now + 90 * MS_PER_DAY);
  // Nothing on the page broke the Content Security Policy (no inline script or style blocked).
  expect(consoleMessages.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
});

test('the Fail button declines the payment in Chromium', async () => {
  const registered = await api('/api/user/user_register', {
    channel: 'username',
    account: uniqueUsername(),
    password: PASSWORD,
    agreeTerms: true,
  });
  const token = registered.res.headers.get('pragma') ?? '';
  const bought = await api(
    '/api/payment/payment_purchase',
    { productId: '5', paymentMethod: 'card', idempotencyKey: idempotencyKey() },
    token,
  );
  const { orderId, checkoutUrl } = bought.json.data as { orderId: string; checkoutUrl: string };
  const context = await browser.newContext({
    locale: 'zh-CN',
    extraHTTPHeaders: { 'accept-language': 'zh-CN' },
  });
  const page = await context.newPage();
  await page.goto(checkoutUrl);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/purchased'),
    page.getByRole('button', { name: '拒绝付款' }).click(),
  ]);
  await context.close();
  expect(
    (await api('/api/payment/payment_order_status', { orderId }, token)).json.data,
  ).toMatchObject({ status: 'failed' });
});
