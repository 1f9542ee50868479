import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  endpointNames,
  endpoints,
  type EndpointName,
  type RequestOf,
} from '@nimbus/api-sdk/contract';
import { DeviceKind, DevicePlatform, GroupBuyPaymentType } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buy, idempotencyKey } from '../support/payments.ts';
import {
  PASSWORD,
  registerWithUsername,
  uniqueEmail,
  uniqueUsername,
} from '../support/accounts.ts';
import { Client, sign } from '../support/client.ts';
import { GROUP_BUY_ON } from '../support/group-buy.ts';
import { startTestApp, tempDir, type TestApp } from '../support/test-app.ts';
import { grantMembership } from './fixtures.ts';

/**
 * The security headers of every kind of answer the one-origin server gives: each endpoint of the
 * contract (a handled call and a refused one), API 404/405/413/415, health, the dev outbox,
 * webhooks, the sandbox checkout page, the subscription download, and the HTML pages, assets and
 * 404 pages of the three apps. Checked over real HTTP, in development and production
 * configuration, against the full set the server promises (src/app.ts).
 */

function write(file: string, content: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Built apps as Vite leaves them (the server hosts whatever dist folders it is given). */
function fixtureApps() {
  const root = tempDir('nimbus-headers-');
  const dist = (app: string) => path.join(root, app);
  write(
    path.join(dist('marketing'), 'index.html'),
    '<!doctype html><title>marketing</title><script type="module" src="/assets/index-Ab12.js"></script>',
  );
  write(path.join(dist('marketing'), '404.html'), '<!doctype html><title>marketing 404</title>');
  write(
    path.join(dist('marketing'), 'en/pricing/index.html'),
    '<!doctype html><title>Pricing</title>',
  );
  write(path.join(dist('marketing'), 'assets/index-Ab12.js'), 'export const a = 1;');
  write(path.join(dist('marketing'), 'robots.txt'), 'User-agent: *');
  write(path.join(dist('account'), 'index.html'), '<!doctype html><title>account</title>');
  write(path.join(dist('account'), 'assets/account-Cd34.js'), 'export const b = 2;');
  write(path.join(dist('affiliate'), 'index.html'), '<!doctype html><title>affiliate</title>');
  write(path.join(dist('affiliate'), 'assets/kol-Ef56.css'), 'body{color:red}');
  return {
    MARKETING_DIST: dist('marketing'),
    ACCOUNT_DIST: dist('account'),
    AFFILIATE_DIST: dist('affiliate'),
  };
}

interface Seen {
  what: string;
  status: number;
  headers: Headers;
  body: string;
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(seen: Seen, production: boolean) {
  const h = seen.headers;
  const where = `${seen.what} (${seen.status})`;
  const csp = h.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
  expect(directives.get('default-src'), `${where}: CSP default-src`).toEqual(["'self'"]);
  expect(directives.get('script-src'), `${where}: CSP script-src`).toEqual(["'self'"]);
  expect(directives.get('script-src-attr'), `${where}: CSP script-src-attr`).toEqual(["'none'"]);
  expect(directives.get('object-src'), `${where}: CSP object-src`).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), `${where}: CSP frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${where}: CSP base-uri`).toEqual(["'self'"]);
  expect(directives.get('form-action'), `${where}: CSP form-action`).toEqual(["'self'"]);
  expect(directives.get('connect-src'), `${where}: CSP connect-src`).toEqual(["'self'"]);
  expect(csp, `${where}: no unsafe-eval anywhere`).not.toContain('unsafe-eval');
  // The whole policy, as helmet writes it for the server's options (src/http/security-headers.ts).
  expect(csp, `${where}: the whole CSP`).toBe(
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
      "frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
      "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
  );
  expect(h.get('origin-agent-cluster'), where).toBe('?1');
  expect(h.get('x-download-options'), where).toBe('noopen');
  // Helmet turns the browsers' old XSS auditor off (it opened leaks of its own).
  expect(h.get('x-xss-protection'), where).toBe('0');
  // Not sent: it would block the apps' cross-origin images and fonts.
  expect(h.get('cross-origin-embedder-policy'), where).toBeNull();
  expect(h.get('x-content-type-options'), where).toBe('nosniff');
  expect(h.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options'), where).toBe('DENY');
  expect(h.get('cross-origin-opener-policy'), where).toBe('same-origin');
  expect(h.get('cross-origin-resource-policy'), where).toBe('same-origin');
  expect(h.get('x-permitted-cross-domain-policies'), where).toBe('none');
  expect(h.get('x-dns-prefetch-control'), where).toBe('off');
  expect(h.get('x-request-id'), where).toMatch(/^[0-9a-f-]{36}$/);
  // Nothing says what runs the server.
  expect(h.get('x-powered-by'), where).toBeNull();
  expect(h.get('server'), where).toBeNull();
  expect(seen.body, `${where}: no version of the server in the body`).not.toMatch(
    /fastify|node\.js|v24\.\d+/i,
  );
  if (production)
    expect(h.get('strict-transport-security'), where).toBe('max-age=31536000; includeSubDomains');
  // The embedded default runs on plain http://localhost: HSTS there would lock developers out.
  else expect(h.get('strict-transport-security'), where).toBeNull();
}

/** JSON answers of the API: never kept by a cache (they carry tokens and personal data). */
function expectApiHeaders(seen: Seen) {
  expect(seen.headers.get('content-type'), seen.what).toBe('application/json; charset=utf-8');
  expect(seen.headers.get('cache-control'), `${seen.what}: cache-control`).toBe('no-store');
}

function expectHtmlHeaders(seen: Seen) {
  expect(seen.headers.get('content-type'), seen.what).toBe('text/html; charset=utf-8');
  expect(seen.headers.get('content-security-policy'), `${seen.what}: CSP on HTML`).toBeTruthy();
  expect(['no-cache', 'no-store'], `${seen.what}: HTML is revalidated`).toContain(
    seen.headers.get('cache-control'),
  );
}

/**
 * A request per endpoint that the server handles (success or a business refusal), for a signed-in
 * member.
 */
function handledInputs(ids: { username: string; orderId: string }): {
  [N in EndpointName]: () => RequestOf<N>;
} {
  const page = { page: 1, pageSize: 10 };
  return {
    systemUserInfo: () => ({}),
    systemClientConfig: () => ({}),
    systemDisplayConfig: () => ({}),
    systemRedeemCode: () => ({ code: 'NOT-A-CODE' }),
    systemAffiliate: () => page,
    systemBenefits: () => ({}),
    systemUserBenefits: () => ({}),
    userGetDeviceList: () => ({}),
    userUnbindDevice: () => ({ deviceId: '999999' }),
    paymentShop: () => ({}),
    paymentPurchase: () => ({
      productId: '1',
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    }),
    paymentCoupon: () => ({ code: 'NOPE', productId: '1' }),
    paymentOrder: () => page,
    paymentCancelOrder: () => ({ orderId: 'O20260101000000000000001' }),
    paymentJointPurchase: () => ({
      productId: '3',
      size: 2,
      paymentType: GroupBuyPaymentType.PAY_ALL,
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    }),
    paymentJointJoinForPay: () => ({
      groupId: 'G-missing',
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    }),
    paymentJointJoin: () => ({ groupId: 'G-missing' }),
    paymentJointPurchaseCreated: () => page,
    paymentJointPurchaseParticipated: () => page,
    paymentJointOrder: () => page,
    userRegister: () => ({
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
      agreeTerms: true,
    }),
    userLogin: () => ({
      channel: 'username',
      account: ids.username,
      password: PASSWORD,
      agreeTerms: true,
    }),
    userLogout: () => ({}),
    userSendCode: () => ({ channel: 'email', target: uniqueEmail(), purpose: 'register' }),
    userResetPassword: () => ({
      channel: 'email',
      account: uniqueEmail(),
      code: '123456',
      password: PASSWORD,
    }),
    userTrial: () => ({}),
    userSignInLink: () => ({}),
    userSignInLinkAccount: () => ({ linkToken: `1.${'A'.repeat(60)}` }),
    userSignInLinkExchange: () => ({ linkToken: `1.${'A'.repeat(60)}` }),
    userDeleteAccount: () => ({ password: 'not the password' }),
    userKeepAccount: () => ({
      channel: 'username',
      account: 'kept_name_1',
      password: 'new password 1',
    }),
    userChangePassword: () => ({
      currentPassword: 'not the password',
      newPassword: 'new password 1',
    }),
    userSessions: () => ({}),
    userEndSession: () => ({ sessionId: 'no-such-session-id' }),
    userEndOtherSessions: () => ({}),
    userMailPreferences: () => ({}),
    userMailPreferencesUpdate: () => ({ category: 'updates', subscribed: true }),
    userMailUnsubscribe: () => ({ token: 'not-a-token' }),
    userTelegramStatus: () => ({}),
    userTelegramLink: () => ({}),
    userTelegramUnlink: () => ({}),
    userTelegramNotices: () => ({ notices: true }),
    userTicketList: () => page,
    userTicketOpen: () => ({ subject: 'Hello', category: 'account', message: 'A question' }),
    userTicketDetail: () => ({ ticketId: '999999' }),
    userTicketReply: () => ({ ticketId: '999999', message: 'More' }),
    userTicketClose: () => ({ ticketId: '999999' }),
    userBindDevice: () => ({
      deviceId: 'headers-device-1',
      platform: DevicePlatform.IOS,
      kind: DeviceKind.MOBILE,
      system: 'iOS 18',
      version: '1.0.0',
      name: 'Phone',
    }),
    userUpdateDevice: () => ({ deviceId: '999999', name: 'x' }),
    paymentOrderStatus: () => ({ orderId: ids.orderId }),
    paymentCryptoDetails: () => ({ orderId: ids.orderId, chainId: 1, token: 'USDT' }),
    paymentCryptoSubmit: () => ({
      orderId: ids.orderId,
      chainId: 1,
      txHash: `0x${'cd'.repeat(32)}`,
    }),
    paymentUpgradeQuote: () => ({ productId: '1' }),
    paymentJointDetail: () => ({ groupId: 'G-missing' }),
    systemThirdPartyStatus: () => ({}),
    systemThirdPartyEnable: () => ({}),
    systemThirdPartyDisable: () => ({}),
    systemThirdPartyReset: () => ({}),
    systemTraffic: () => ({}),
    systemNodes: () => ({}),
    systemInvitationRecords: () => page,
    systemPublicKeys: () => ({}),
    systemKolApplication: () => ({}),
    systemKolApply: () => ({
      links: ['https://youtube.com/@someone'],
      audience: 'Tech reviews',
      wallet: { network: 'ethereum', address: `0x${'33'.repeat(20)}` },
    }),
    systemKolWalletUpdate: () => ({
      wallet: { network: 'ethereum', address: `0x${'33'.repeat(20)}` },
      password: 'not the password',
    }),
  };
}

describe.each([
  ['development', false],
  ['production', true],
] as const)('in %s configuration', (_mode, production) => {
  let t: TestApp;
  let base: string;
  let member: Client;
  let keys: Record<string, string>;
  let inputs: ReturnType<typeof handledInputs>;
  let orderId: string;
  let checkoutUrl: string | null;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        ...fixtureApps(),
        ...GROUP_BUY_ON,
        JOBS_INTERVAL_SECONDS: '0',
        ...(production
          ? {
              NODE_ENV: 'production',
              PAYMENT_SANDBOX: 'true',
              PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
              SERVER_SECRET: 'ab'.repeat(32),
            }
          : {}),
      },
    });
    base = await listen(t);
    member = new Client(t.app);
    const { username, userId } = await registerWithUsername(member);
    await grantMembership(t, Number(userId));
    const order = await buy(member);
    orderId = order.orderId;
    checkoutUrl = order.checkoutUrl;
    keys = (await member.ok('systemPublicKeys', {})).keys;
    inputs = handledInputs({ username, orderId });
  });
  afterAll(() => t.close());

  async function get(what: string, url: string, init: RequestInit = {}): Promise<Seen> {
    const res = await fetch(`${base}${url}`, { redirect: 'manual', ...init });
    return { what, status: res.status, headers: res.headers, body: await res.text() };
  }

  async function api(
    what: string,
    name: EndpointName,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Seen> {
    const payload = endpoints[name].signed
      ? { signature: sign(keys.windows ?? '', body as object, t.clock.now) }
      : body;
    return get(what, `/v4${endpoints[name].path}`, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: {
        'content-type': 'application/json',
        language: 'en',
        ...member.headers(),
        ...headers,
      },
    });
  }

  const names = endpointNames.filter((n) => n !== 'userLogout' && n !== 'userDeleteAccount');

  test('every endpoint of the contract, handled: the full set, and no-store (token answers included)', async () => {
    const codes: Record<string, number> = {};
    const tokenAnswers: string[] = [];
    for (const name of [...names, 'userLogout' as const]) {
      const seen = await api(name, name, inputs[name]());
      codes[name] = (JSON.parse(seen.body) as { code: number }).code;
      expectBaseHeaders(seen, production);
      expectApiHeaders(seen);
      const pragma = seen.headers.get('pragma');
      if (pragma !== null) tokenAnswers.push(name);
      // Only calls that deliver a session may carry one (userTrial with a session delivers none).
      if (pragma !== null) expect(endpoints[name].token, name).not.toBe('none');
    }
    // The handled calls include real successes, the token-issuing ones among them.
    for (const name of [
      'systemUserInfo',
      'paymentShop',
      'systemPublicKeys',
      'userLogin',
      'userRegister',
      'userTrial',
      'paymentOrder',
      'userGetDeviceList',
      'userLogout',
    ] as const) {
      expect(codes[name], `${name} should have succeeded`).toBe(200);
    }
    expect(tokenAnswers.sort()).toEqual(['userLogin', 'userRegister']);
  });

  test.each(endpointNames)('%s refused (bad body, no session): the full set', async (name) => {
    const seen = await get(name, `/v4${endpoints[name].path}`, {
      method: 'POST',
      body: JSON.stringify({ unexpected: true }),
      headers: { 'content-type': 'application/json' },
    });
    expect(seen.status).toBeGreaterThanOrEqual(400);
    expect(seen.status).toBeLessThan(500);
    expectBaseHeaders(seen, production);
    expectApiHeaders(seen);
  });

  test('other API answers: 404, 405, 413, 415, bad JSON, health, /v4/test, a refused webhook', async () => {
    const answers = [
      await get('unknown API path', '/v4/api/nothing/here', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      await get('wrong method', `/v4${endpoints.userLogin.path}`),
      await get('too large', `/v4${endpoints.userLogin.path}`, {
        method: 'POST',
        body: JSON.stringify({ a: 'x'.repeat(70_000) }),
        headers: { 'content-type': 'application/json' },
      }),
      await get('wrong type', `/v4${endpoints.userLogin.path}`, {
        method: 'POST',
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      }),
      await get('bad JSON', `/v4${endpoints.userLogin.path}`, {
        method: 'POST',
        body: '{"a":',
        headers: { 'content-type': 'application/json' },
      }),
      await get('health', '/v4/health'),
      await get('health under /v4/test', '/v4/test/health'),
      await get('a webhook with a bad signature', '/v4/payment/webhook/sandbox', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': 't=1,v1=00' },
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([
      404,
      405,
      413,
      415,
      400,
      200,
      200,
      expect.any(Number),
    ]);
    for (const seen of answers) {
      expectBaseHeaders(seen, production);
      expectApiHeaders(seen);
    }
  });

  test('HTML pages of the three apps, pre-rendered and SPA fallback, and their 404 pages', async () => {
    const pages = [
      await get('marketing home', '/'),
      await get('marketing pre-rendered page', '/pricing', {
        headers: { 'accept-language': 'en' },
      }),
      await get('marketing SPA route', '/download'),
      await get('account centre', '/user'),
      await get('account centre route', '/user/devices'),
      await get('affiliate dashboard', '/user/kol'),
      await get('affiliate dashboard route', '/user/kol/commission'),
      await get('missing asset (404 page)', '/assets/index-Old0.js'),
      await get('a hidden file (404 page)', '/.env'),
    ];
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 404, 404]);
    for (const seen of pages) {
      expectBaseHeaders(seen, production);
      expectHtmlHeaders(seen);
    }
  });

  test('static files of the three apps: their own type, nosniff, immutable assets', async () => {
    const files = [
      ['marketing script', '/assets/index-Ab12.js', 'javascript'],
      ['account script', '/user/assets/account-Cd34.js', 'javascript'],
      ['affiliate style sheet', '/user/kol/assets/kol-Ef56.css', 'text/css'],
      ['robots.txt', '/robots.txt', 'text/plain'],
    ] as const;
    for (const [what, url, type] of files) {
      const seen = await get(what, url);
      expect(seen.status, what).toBe(200);
      expectBaseHeaders(seen, production);
      expect(seen.headers.get('content-type'), what).toContain(type);
      if (url.includes('/assets/'))
        expect(seen.headers.get('cache-control'), what).toBe('public, max-age=31536000, immutable');
    }
  });

  test('the sandbox checkout page and the subscription download are never cached', async () => {
    const link = new URL(checkoutUrl ?? '');
    // The buyer's checkout URL, with its key (without it the page is a 404).
    const checkout = await get('sandbox checkout', `${link.pathname}${link.search}`);
    expect(checkout.status).toBe(200);
    expectBaseHeaders(checkout, production);
    expectHtmlHeaders(checkout);
    expect(checkout.headers.get('cache-control')).toBe('no-store');
    const sub = await get('subscription with an unknown token', '/sub/not-a-real-token');
    expect(sub.status).toBeGreaterThanOrEqual(400);
    expectBaseHeaders(sub, production);
    expect(sub.headers.get('cache-control')).toBe('no-store');
  });

  test(
    production
      ? 'the dev outbox does not exist, and its 404 carries the full set'
      : 'the dev outbox (verification codes) is never cached',
    async () => {
      const seen = await get('/dev/outbox', '/dev/outbox');
      expect(seen.status).toBe(production ? 404 : 200);
      expectBaseHeaders(seen, production);
      expect(seen.headers.get('content-type')).toBe('application/json; charset=utf-8');
      if (!production) expect(seen.headers.get('cache-control')).toBe('no-store');
    },
  );
});
