import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Every path machines call (node software, payment webhooks, Telegram, probes) answers in
// English when no language is asked; the apps' calls keep Chinese as their default (spec 1).
// A new machine path must join MACHINE_PATHS in src/http/envelope.ts to pass here.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CHINESE = /[\u4e00-\u9fff]/;

test.each([
  ['GET', '/api/v1/server/UniProxy/config?node_id=1&node_type=vless&token=x'],
  ['POST', '/api/v1/server/UniProxy/push?node_id=1&node_type=vless&token=x'],
  ['POST', '/v4/payment/webhook/no-such-provider'],
  ['GET', '/v4/health'],
  ['GET', '/v4/ready'],
] as const)('%s %s answers in English without a language', async (method, url) => {
  const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
  expect(res.body).not.toMatch(CHINESE);
  expect(res.body.length).toBeGreaterThan(0);
});

test("the apps' calls without a language still answer in Chinese", async () => {
  const res = await t.app.inject({ method: 'POST', url: '/v4/no/such/call', payload: {} });
  expect(res.body).toMatch(CHINESE);
});
