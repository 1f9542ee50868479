import { endpoints } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      CORS_ORIGINS: 'https://app.nimbus.test,https://kol.nimbus.test',
      CSP_CONNECT_SRC: 'https://rpc.nimbus.test',
      BODY_LIMIT_BYTES: '2048',
    },
  });
});
afterAll(() => t.close());

const login = endpoints.userLogin.path;

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // The wallet's RPC endpoints (CSP_CONNECT_SRC) join the API's own origin.
  expect(csp).toContain("connect-src 'self' https://rpc.nimbus.test");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('every response carries the security headers', () => {
  test.each([
    [
      'a successful call',
      { method: 'POST', url: '/v4/api/system/system_public_keys', payload: {} },
    ],
    ['a refused call', { method: 'POST', url: `/v4${login}`, payload: { nope: 1 } }],
    ['an unknown API path', { method: 'POST', url: '/v4/api/nothing/here', payload: {} }],
    ['a health check', { method: 'GET', url: '/v4/health' }],
    ['a page (app not built)', { method: 'GET', url: '/pricing' }],
  ] as const)('%s', async (_name, request) => {
    const res = await t.app.inject({ ...request, headers: { 'content-type': 'application/json' } });
    expectSecurityHeaders(res.headers);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bad requests get a 4xx envelope with a localised message, never a 5xx', () => {
  test.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"channel": "username",', 400, 400],
    ['a wrong content type', { 'content-type': 'text/plain' }, 'hello', 415, 415],
    ['form encoding', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b', 415, 415],
    ['an empty JSON body', { 'content-type': 'application/json' }, '', 400, 400],
    ['a JSON array', { 'content-type': 'application/json' }, '[]', 400, 400],
    [
      'wrong types',
      { 'content-type': 'application/json' },
      JSON.stringify({ channel: 'username', account: 12, password: true, agreeTerms: 'yes' }),
      400,
      400,
    ],
    [
      'a number as a string',
      { 'content-type': 'application/json' },
      JSON.stringify({ page: '1' }),
      400,
      400,
    ],
    [
      'unknown fields',
      { 'content-type': 'application/json' },
      JSON.stringify({
        channel: 'username',
        account: 'abcd',
        password: '12345678',
        agreeTerms: true,
        admin: true,
      }),
      400,
      400,
    ],
    [
      'an oversized body',
      { 'content-type': 'application/json' },
      JSON.stringify({ channel: 'username', account: 'x'.repeat(4000) }),
      413,
      413,
    ],
    [
      'a prototype-poisoning body',
      { 'content-type': 'application/json' },
      '{"__proto__": {"admin": true}}',
      400,
      400,
    ],
  ])('%s', async (_name, headers, payload, status, code) => {
    for (const [language, pattern] of [
      ['en', /[a-z]/i],
      ['zh_CN', /[\u4e00-\u9fff]/],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v4${login}`,
        payload,
        headers: { ...headers, language },
      });
      expect(res.statusCode).toBe(status);
      const body = res.json<{ code: number; msg: string; status: string; data: unknown }>();
      expect(body).toMatchObject({ code, data: null });
      expect(typeof body.status).toBe('string');
      expect(body.msg).toMatch(pattern);
    }
  });

  test('the language defaults to Chinese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v4${login}`,
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.json<{ msg: string }>().msg).toMatch(/[\u4e00-\u9fff]/);
  });

  test('an unknown API path is a 404 envelope; GET on a POST endpoint is 405', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v4/api/user/nothing',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, status: 'NotFound', data: null });
    const wrongMethod = await t.app.inject({ method: 'GET', url: `/v4${login}` });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toMatchObject({ code: 405, status: 'MethodNotAllowed' });
  });

  test('/v4/test serves the same API', async () => {
    const c = new Client(t.app, '127.0.0.1', '/v4/test');
    expect((await c.call('systemPublicKeys', {})).body.code).toBe(200);
  });
});

describe('CORS', () => {
  test('a configured origin may call and read pragma and deviceId', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/v4${login}`,
      headers: {
        origin: 'https://app.nimbus.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,deviceid,language,platform',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.nimbus.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/api/system/system_public_keys',
      payload: {},
      headers: { origin: 'https://kol.nimbus.test' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://kol.nimbus.test');
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('pragma');
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'deviceid',
    );
  });

  test('any other origin gets no CORS headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v4/api/system/system_public_keys',
      payload: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
