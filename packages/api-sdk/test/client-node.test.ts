import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApiClient } from '../src/index.ts';
import { exampleResponses } from './examples.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Pre-rendering runs the apps in Node, where there is no window, storage or document.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('without a browser the client still calls, signs and keeps its session in memory', async () => {
  expect(typeof window).toBe('undefined');
  const api = createApiClient({
    apiBase: server.origin,
    hostname: 'www.nimbus.test',
    getLanguage: () => 'zh-CN',
  });
  await expect(api.paymentShop()).resolves.toEqual(exampleResponses.paymentShop);
  expect(server.requests.at(-1)?.decrypted).toHaveProperty('nonce');
  expect(server.requests.at(-1)?.headers).toMatchObject({ platform: 'windows', language: 'zh_CN' });
  api.tokens.set('tok', 'login');
  await api.systemBenefits();
  expect(server.requests.at(-1)?.headers.authorization).toBe('tok');
  expect(api.getAttribution()).toEqual({});
});
