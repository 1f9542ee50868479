import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buy, buyer } from '../support/payments.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 15, item 5 (the log half): `GET /user/profile?token=<t>` wrote the token into the
 * production log. Every logged URL now has its query string replaced, whatever the route, the
 * answer or the failure, in production configuration.
 */

const SECRET = 'SeCrEtToKeN0123456789abcdef';
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: {
      NODE_ENV: 'production',
      SERVER_SECRET: 'cd'.repeat(32),
      LOG_LEVEL: 'info',
      PAYMENT_SANDBOX: 'true',
      PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
    },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(() => t.close());

describe('logged URLs', () => {
  test('never carry the query string: tokens, keys and anything else stay out of the log', async () => {
    const urls = [
      `/user/profile?token=${SECRET}`,
      `/user?token=${SECRET}&lang=en`,
      `/v4/health?token=${SECRET}`,
      `/v4/api/user/user_login?token=${SECRET}`,
      `/v4/api/no_such_endpoint?token=${SECRET}`,
      `/v4/payment/webhook/sandbox?token=${SECRET}`,
      `/pay/sandbox/20260101AAAAAAAAAAAA?key=${SECRET}`,
      `/sub/nothing?token=${SECRET}`,
      `/%E0%A4%A?token=${SECRET}`,
    ];
    for (const url of urls) {
      await t.app.inject({ method: 'GET', url });
      await t.app.inject({ method: 'POST', url, payload: {} });
    }
    const log = lines.join('');
    expect(log).toContain('/user/profile?[redacted]');
    expect(log).toContain('"method":"GET"');
    expect(log).not.toContain(SECRET);
  });

  test("a buyer's checkout link (with its key) is not logged either", async () => {
    const order = await buy((await buyer(t)).client);
    const key = new URL(order.checkoutUrl ?? '').searchParams.get('key') ?? '';
    expect(key).not.toBe('');
    await t.app.inject({
      method: 'GET',
      url: new URL(order.checkoutUrl ?? '').pathname + `?key=${key}`,
    });
    expect(lines.join('')).not.toContain(key);
  });
});
