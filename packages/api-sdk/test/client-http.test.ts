// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DetectedPlatform, type Language } from '@nimbus/domain';
import {
  AbortError,
  ApiError,
  NetworkError,
  TimeoutError,
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type ClientEvents,
} from '../src/index.ts';
import { ErrorCode, errorEnvelope, successEnvelope } from '../src/contract/index.ts';
import { cookiesVisibleAt, resetBrowserState, storedCookie } from './browser.ts';
import { exampleRequests, exampleResponses } from './examples.ts';
import { closedPort, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => resetBrowserState());
afterEach(() => server.reset());

interface Seen {
  toasts: ClientEvents['error-toast'][];
  unauthorized: ClientEvents['unauthorized'][];
  tokens: ClientEvents['token-changed'][];
}

function client(overrides: Partial<ApiClientOptions> = {}): { api: ApiClient; seen: Seen } {
  const api = createApiClient({
    apiBase: server.origin,
    hostname: 'app.nimbus.test',
    getLanguage: (): Language => 'en',
    getPlatform: () => DetectedPlatform.MAC,
    pageUrl: 'http://app.nimbus.test/',
    ...overrides,
  });
  const seen: Seen = { toasts: [], unauthorized: [], tokens: [] };
  api.events.on('error-toast', (e) => seen.toasts.push(e));
  api.events.on('unauthorized', (e) => seen.unauthorized.push(e));
  api.events.on('token-changed', (e) => seen.tokens.push(e));
  return { api, seen };
}

const last = () => {
  const r = server.requests.at(-1);
  if (!r) throw new Error('no request reached the server');
  return r;
};

describe('URLs', () => {
  test.each([
    ['app.nimbus.test', '/v4/api/user/user_get_device_list'],
    ['test.nimbus.test', '/v4/test/api/user/user_get_device_list'],
    ['dev.nimbus.test', '/v4/test/api/user/user_get_device_list'],
    ['localhost', '/v4/test/api/user/user_get_device_list'],
  ])('on %s a call goes to %s, as a POST with a JSON body', async (hostname, url) => {
    const { api } = client({ hostname });
    await api.userGetDeviceList();
    expect(last()).toMatchObject({ method: 'POST', url, body: {} });
    expect(last().headers['content-type']).toContain('application/json');
  });

  test('marketing paths go to the marketing base without the prefix', () => {
    const { api } = client({ marketingBase: 'https://www.nimbus.test/' });
    expect(api.url('/api/marketing/landing')).toBe('https://www.nimbus.test/api/marketing/landing');
    expect(api.url('/api/user/user_login')).toBe(`${server.origin}/v4/api/user/user_login`);
  });
});

describe('request headers', () => {
  test('platform, language, token, device id and the tracking headers are sent', async () => {
    const { api } = client({
      getLanguage: () => 'zh-CN',
      getPlatform: () => DetectedPlatform.ANDROID,
      pageUrl: 'http://app.nimbus.test/?bd_vid=BD1&twclid=TW1&groupId=G7',
      replaceUrl: () => {},
    });
    api.tokens.set('tok-1', 'login');
    localStorage.setItem('deviceId', 'dev-9');
    await api.systemBenefits();
    expect(last().headers).toMatchObject({
      authorization: 'tok-1',
      platform: 'android',
      language: 'zh_CN',
      deviceid: 'dev-9',
      'group-id': 'G7',
      'bd-vid': 'BD1',
      twclid: 'TW1',
    });
  });

  test('without a session, device id or tracking cookies those headers are absent', async () => {
    const { api } = client();
    await api.systemBenefits();
    const h = last().headers;
    expect(h).toMatchObject({ platform: 'mac', language: 'en' });
    for (const name of ['authorization', 'deviceid', 'group-id', 'bd-vid', 'twclid'])
      expect(h[name], name).toBeUndefined();
  });

  test('the platform is detected from the user agent when the app does not say', async () => {
    const { api } = client({ getPlatform: undefined });
    await api.systemBenefits();
    // jsdom's user agent names neither a phone nor a Mac: the default is Windows.
    expect(last().headers.platform).toBe('windows');
  });
});

describe('signed calls', () => {
  test('the server decrypts the signature with node:crypto OAEP/SHA-256: payload, nonce and timestamp', async () => {
    const { api } = client({
      publicKeys: {
        ios: server.publicKeyPem,
        android: server.publicKeyPem,
        mac: server.publicKeyPem,
        windows: server.publicKeyPem,
      },
    });
    const before = Date.now();
    const data = await api.paymentShop({ groupType: 2 });
    expect(data).toEqual(exampleResponses.paymentShop);
    const r = last();
    expect(Object.keys(r.body as object)).toEqual(['signature']);
    expect(r.decrypted).toMatchObject({ groupType: 2 });
    expect(r.decrypted?.nonce).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(r.decrypted?.timestamp).toBeGreaterThanOrEqual(before);
    expect(r.decrypted?.timestamp).toBeLessThanOrEqual(Date.now());
  });

  test('text beyond ASCII survives the round trip (UTF-8)', async () => {
    const { api } = client({
      publicKeys: {
        ios: server.publicKeyPem,
        android: server.publicKeyPem,
        mac: server.publicKeyPem,
        windows: server.publicKeyPem,
      },
    });
    await api.call('systemDisplayConfig', { note: '你好 – ünïcode' } as never);
    expect(last().decrypted).toMatchObject({ note: '你好 – ünïcode' });
  });

  test('each call has a fresh nonce', async () => {
    const { api } = client({
      publicKeys: {
        ios: server.publicKeyPem,
        android: server.publicKeyPem,
        mac: server.publicKeyPem,
        windows: server.publicKeyPem,
      },
    });
    await api.systemClientConfig();
    await api.systemClientConfig();
    const [a, b] = server.requests.map((r) => r.decrypted?.nonce);
    expect(a).not.toBe(b);
  });

  test('without keys given, the client fetches system_public_keys once, then signs with the platform key', async () => {
    const { api } = client();
    await api.systemUserInfo();
    await api.paymentShop({});
    expect(server.requests.map((r) => r.name)).toEqual([
      'systemPublicKeys',
      'systemUserInfo',
      'paymentShop',
    ]);
    expect(server.requests[0]?.body).toEqual({});
    expect(server.requests[1]?.decrypted).toHaveProperty('nonce');
  });

  test('a failed key fetch fails the signed call once (one toast) and is retried by the next call', async () => {
    const { api, seen } = client();
    server.on('systemPublicKeys', () => ({
      status: 503,
      body: errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, 'Try later'),
    }));
    await expect(api.paymentShop({})).rejects.toMatchObject({ code: 503 });
    expect(seen.toasts).toHaveLength(1);
    expect(seen.toasts[0]).toMatchObject({
      message: 'Try later',
      path: '/api/payment/payment_shop',
    });
    server.reset();
    await expect(api.paymentShop({})).resolves.toEqual(exampleResponses.paymentShop);
  });

  test('unsigned calls send the payload as JSON', async () => {
    const { api } = client();
    await api.paymentPurchase(exampleRequests.paymentPurchase);
    expect(last().body).toEqual(exampleRequests.paymentPurchase);
    expect(last().decrypted).toBeUndefined();
  });
});

describe('the session token', () => {
  test('login: the pragma token is stored in localStorage and in a 30-day cookie on the parent domain', async () => {
    const { api, seen } = client();
    server.on('userLogin', () => ({
      headers: { pragma: 'tok-login' },
      body: successEnvelope({ userId: '1' }),
    }));
    await expect(api.userLogin(exampleRequests.userLogin)).resolves.toEqual({ userId: '1' });
    expect(localStorage.getItem('token')).toBe('tok-login');
    expect(sessionStorage.getItem('registerToken')).toBeNull();
    // Visible on a sibling subdomain: the account centre shares the session.
    expect(cookiesVisibleAt('http://account.nimbus.test/')).toMatchObject({ token: 'tok-login' });
    const cookie = storedCookie('http://app.nimbus.test/', 'token');
    expect(cookie?.domain).toBe('nimbus.test');
    const days = ((cookie?.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(seen.tokens).toEqual([{ token: 'tok-login', source: 'login' }]);
    await api.systemBenefits();
    expect(last().headers.authorization).toBe('tok-login');
  });

  test('register: the token is kept in sessionStorage only', async () => {
    const { api } = client();
    server.on('userRegister', () => ({
      headers: { pragma: 'tok-reg' },
      body: successEnvelope({ userId: '3', trialSeconds: 0 }),
    }));
    await api.userRegister(exampleRequests.userRegister);
    expect(sessionStorage.getItem('registerToken')).toBe('tok-reg');
    expect(localStorage.getItem('token')).toBeNull();
    expect(cookiesVisibleAt('http://app.nimbus.test/').token).toBeUndefined();
    await api.systemBenefits();
    expect(last().headers.authorization).toBe('tok-reg');
  });

  test('the trial stores its token persistently', async () => {
    const { api } = client();
    server.on('userTrial', () => ({
      headers: { pragma: 'tok-trial' },
      body: successEnvelope(exampleResponses.userTrial),
    }));
    await api.userTrial();
    expect(localStorage.getItem('token')).toBe('tok-trial');
  });

  test('a pragma header on a call that delivers no token (for example "no-cache") is ignored', async () => {
    const { api } = client();
    server.on('systemBenefits', () => ({
      headers: { pragma: 'no-cache' },
      body: successEnvelope(exampleResponses.systemBenefits),
    }));
    await api.systemBenefits();
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a failed login stores nothing', async () => {
    const { api } = client();
    server.on('userLogin', () => ({
      status: 400,
      headers: { pragma: 'tok-x' },
      body: errorEnvelope(ErrorCode.INVALID_CREDENTIALS, 'Wrong password'),
    }));
    await expect(api.userLogin(exampleRequests.userLogin)).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('a token query parameter is taken off the address bar and kept for the app, never used by itself', async () => {
    server.on('userSignInLinkExchange', () => ({
      headers: { pragma: 'tok-stranger' },
      body: successEnvelope(exampleResponses.userSignInLinkExchange),
    }));
    localStorage.setItem('token', 'tok-mine');
    history.replaceState(null, '', '/user/profile?token=link-url&tab=2#top');
    const { api } = client({ pageUrl: undefined });
    expect(location.href).toBe('http://app.nimbus.test/user/profile?tab=2#top');
    // Issue 30, item 5: the page's calls keep the visitor's own session; nothing was exchanged.
    await api.systemBenefits();
    expect(server.requests.some((r) => r.name === 'userSignInLinkExchange')).toBe(false);
    expect(last().headers.authorization).toBe('tok-mine');
    expect(api.pendingSignInLink()).toBe('link-url');
    // Still pending for the next page of this tab (another app's login page, say) until forgotten.
    expect(client({ pageUrl: undefined }).api.pendingSignInLink()).toBe('link-url');
    api.forgetSignInLink();
    expect(api.pendingSignInLink()).toBeNull();

    // Exchanged when the app says so: the link's session replaces the previous one everywhere.
    await api.userSignInLinkExchange({ linkToken: 'link-url' });
    expect(localStorage.getItem('token')).toBe('tok-stranger');
    expect(cookiesVisibleAt('http://affiliate.nimbus.test/').token).toBe('tok-stranger');
    history.replaceState(null, '', '/');
  });

  test('a token cookie set by a sibling app is used', async () => {
    document.cookie = 'token=tok-sibling; domain=nimbus.test; path=/';
    const { api } = client();
    await api.systemBenefits();
    expect(last().headers.authorization).toBe('tok-sibling');
  });

  test('logout clears every copy, even when the server call fails', async () => {
    const { api, seen } = client();
    api.tokens.set('tok-a', 'login');
    sessionStorage.setItem('registerToken', 'tok-b');
    server.on('userLogout', () => ({ status: 500, body: 'proxy error' }));
    await expect(api.logout()).rejects.toBeInstanceOf(NetworkError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('registerToken')).toBeNull();
    expect(cookiesVisibleAt('http://app.nimbus.test/').token).toBeUndefined();
    expect(seen.tokens.at(-1)).toEqual({ token: null, source: 'logout' });
  });

  test('a successful logout or account deletion call clears the session', async () => {
    const { api } = client();
    api.tokens.set('tok-a', 'login');
    await api.userLogout({ everywhere: true });
    expect(last().body).toEqual({ everywhere: true });
    expect(api.tokens.get()).toBeNull();
    api.tokens.set('tok-b', 'login');
    await api.userDeleteAccount({ password: 'x' });
    expect(api.tokens.get()).toBeNull();
  });

  test('a failed account deletion keeps the session', async () => {
    const { api } = client();
    api.tokens.set('tok-a', 'login');
    server.on('userDeleteAccount', () => ({
      status: 400,
      body: errorEnvelope(ErrorCode.INVALID_CREDENTIALS, 'Wrong password'),
    }));
    await expect(api.userDeleteAccount({ password: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(api.tokens.get()).toBe('tok-a');
  });

  test('the server-issued device id is kept and sent back', async () => {
    const { api } = client();
    server.on('userTrial', () => ({
      headers: { deviceId: 'srv-dev-1' },
      body: successEnvelope(exampleResponses.userTrial),
    }));
    await api.userTrial();
    expect(localStorage.getItem('deviceId')).toBe('srv-dev-1');
    await api.systemBenefits();
    expect(last().headers.deviceid).toBe('srv-dev-1');
  });
});

describe('tracking', () => {
  test('click ids, ref and action are kept 7 days on the parent domain and returned for registration', async () => {
    const { api } = client({
      pageUrl:
        'http://app.nimbus.test/pricing?gclid=G1&wbraid=W1&gbraid=GB1&twclid=T1&bd_vid=B1&fbclid=F1&msclkid=M1&ref=KOL7&action=pricing&utm_source=x',
    });
    expect(api.getAttribution()).toEqual({
      gclid: 'G1',
      wbraid: 'W1',
      gbraid: 'GB1',
      twclid: 'T1',
      bd_vid: 'B1',
      fbclid: 'F1',
      msclkid: 'M1',
      ref: 'KOL7',
      ref_action: 'KOL7:pricing',
    });
    const sibling = cookiesVisibleAt('http://account.nimbus.test/');
    expect(sibling).toMatchObject({ gclid: 'G1', ref: 'KOL7', ref_action: 'KOL7:pricing' });
    const days =
      ((storedCookie('http://app.nimbus.test/', 'gclid')?.expires as Date).getTime() - Date.now()) /
      86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await api.userRegister({ ...exampleRequests.userRegister, attribution: api.getAttribution() });
    expect((last().body as { attribution: unknown }).attribution).toMatchObject({
      gclid: 'G1',
      ref_action: 'KOL7:pricing',
    });
  });

  test('`source` stands in for `ref`; an action on a later page combines with the kept referral', () => {
    client({ pageUrl: 'http://app.nimbus.test/?source=blog' });
    const { api } = client({ pageUrl: 'http://app.nimbus.test/download?action=ios' });
    expect(api.getAttribution()).toEqual({ ref: 'blog', ref_action: 'blog:ios' });
  });

  test('a page without parameters keeps earlier values; a new value replaces the old one', () => {
    client({ pageUrl: 'http://app.nimbus.test/?gclid=OLD' });
    client({ pageUrl: 'http://app.nimbus.test/faq' });
    expect(client().api.getAttribution()).toEqual({ gclid: 'OLD' });
    client({ pageUrl: 'http://app.nimbus.test/?gclid=NEW' });
    expect(client().api.getAttribution()).toEqual({ gclid: 'NEW' });
  });
});

describe('errors and events', () => {
  test('a code other than 200 rejects with ApiError (code, msg, status, path, request id) and toasts msg', async () => {
    const { api, seen } = client();
    server.on('paymentJointJoin', () => ({
      status: 409,
      headers: { 'x-request-id': 'req-42' },
      body: errorEnvelope(ErrorCode.GROUP_FULL, 'This group is full.'),
    }));
    const error = await api.paymentJointJoin({ groupId: 'G1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1503,
      msg: 'This group is full.',
      status: 'GroupFull',
      path: '/api/payment/payment_joint_join',
      requestId: 'req-42',
      httpStatus: 409,
    });
    expect(seen.toasts).toEqual([
      {
        message: 'This group is full.',
        code: 1503,
        status: 'GroupFull',
        path: '/api/payment/payment_joint_join',
        requestId: 'req-42',
      },
    ]);
    expect(seen.unauthorized).toEqual([]);
  });

  test('an error with an empty msg toasts the status', async () => {
    const { api, seen } = client();
    server.on('paymentCoupon', () => ({
      status: 400,
      body: { code: 1302, msg: '', status: 'PromoCodeInvalid', data: null },
    }));
    await expect(api.paymentCoupon({ code: 'X', productId: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(seen.toasts[0]?.message).toBe('PromoCodeInvalid');
  });

  test('a code other than 200 in an HTTP 200 answer is an error too', async () => {
    const { api } = client();
    server.on('systemBenefits', () => ({
      status: 200,
      body: errorEnvelope(ErrorCode.NO_BENEFITS, 'No benefits'),
    }));
    await expect(api.systemBenefits()).rejects.toMatchObject({ code: 1701, httpStatus: 200 });
  });

  test('HTTP 500 with an envelope: ApiError with the msg, toast with it', async () => {
    const { api, seen } = client();
    server.on('paymentOrder', () => ({
      status: 500,
      body: errorEnvelope(ErrorCode.INTERNAL, 'Something went wrong on our side.'),
    }));
    await expect(api.paymentOrder({ page: 1, pageSize: 10 })).rejects.toMatchObject({
      code: 500,
      httpStatus: 500,
    });
    expect(seen.toasts.map((t) => t.message)).toEqual(['Something went wrong on our side.']);
  });

  test('Unauthorized: a redirect-to-login event and no toast; the stale token is forgotten', async () => {
    const { api, seen } = client();
    api.tokens.set('tok-old', 'login');
    server.on('userGetDeviceList', () => ({
      status: 401,
      body: errorEnvelope(ErrorCode.UNAUTHORIZED, 'Please log in'),
    }));
    await expect(api.userGetDeviceList()).rejects.toMatchObject({ status: 'Unauthorized' });
    expect(seen.unauthorized).toEqual([{ path: '/api/user/user_get_device_list' }]);
    expect(seen.toasts).toEqual([]);
    expect(api.tokens.get()).toBeNull();
  });

  test('Unauthorized for an old token does not forget a session started meanwhile', async () => {
    const { api } = client();
    api.tokens.set('tok-old', 'login');
    server.on('userGetDeviceList', () => {
      localStorage.setItem('token', 'tok-new'); // another tab logs in while the call is in flight
      return { status: 401, body: errorEnvelope(ErrorCode.UNAUTHORIZED, 'Please log in') };
    });
    await expect(api.userGetDeviceList()).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBe('tok-new');
  });

  test('Unauthorized on a login call: no redirect event, the toast instead', async () => {
    const { api, seen } = client();
    server.on('userLogin', () => ({
      status: 401,
      body: errorEnvelope(ErrorCode.UNAUTHORIZED, 'Please log in'),
    }));
    await expect(api.userLogin(exampleRequests.userLogin)).rejects.toBeInstanceOf(ApiError);
    expect(seen.unauthorized).toEqual([]);
    expect(seen.toasts.map((t) => t.message)).toEqual(['Please log in']);
  });

  test('quiet calls (user info: the caller handles errors) reject with no event', async () => {
    const { api, seen } = client({
      publicKeys: {
        ios: server.publicKeyPem,
        android: server.publicKeyPem,
        mac: server.publicKeyPem,
        windows: server.publicKeyPem,
      },
    });
    server.on('systemUserInfo', () => ({
      status: 401,
      body: errorEnvelope(ErrorCode.UNAUTHORIZED, 'Please log in'),
    }));
    await expect(api.systemUserInfo()).rejects.toMatchObject({ status: 'Unauthorized' });
    expect(seen).toEqual({ toasts: [], unauthorized: [], tokens: [] });
  });

  test('the device-id failure is shown with the Chinese text of the spec', async () => {
    const { api, seen } = client();
    server.on('userBindDevice', () => ({
      status: 400,
      body: errorEnvelope(ErrorCode.DEVICE_ID_INVALID, 'Device ID error'),
    }));
    await expect(api.userBindDevice(exampleRequests.userBindDevice)).rejects.toMatchObject({
      code: 1002,
    });
    expect(seen.toasts[0]).toMatchObject({
      message: '设备ID错误，请重试或联系客服',
      messageKey: 'errors:device_id_invalid',
      code: 1002,
    });
  });

  test('skipErrorHandler returns the raw envelope, whatever the code, with no event', async () => {
    const { api, seen } = client();
    server.on('paymentJointJoin', () => ({
      status: 409,
      body: errorEnvelope(ErrorCode.GROUP_FULL, 'Full'),
    }));
    await expect(
      api.call('paymentJointJoin', { groupId: 'G1' }, { skipErrorHandler: true }),
    ).resolves.toEqual({
      code: 1503,
      msg: 'Full',
      status: 'GroupFull',
      data: null,
    });
    server.on('userGetDeviceList', () => ({
      status: 401,
      body: errorEnvelope(ErrorCode.UNAUTHORIZED, 'Please log in'),
    }));
    await expect(
      api.call('userGetDeviceList', {}, { skipErrorHandler: true }),
    ).resolves.toMatchObject({ status: 'Unauthorized' });
    await expect(api.call('systemBenefits', {}, { skipErrorHandler: true })).resolves.toEqual(
      successEnvelope(exampleResponses.systemBenefits),
    );
    expect(seen.toasts).toEqual([]);
    expect(seen.unauthorized).toEqual([]);
  });

  test.each([
    ['an HTML page from a proxy', { status: 502, body: '<html>Bad gateway</html>' }],
    ['JSON that is not an envelope', { status: 200, body: { ok: true } }],
    ['an empty body', { status: 200, body: '' }],
  ])('%s is a NetworkError with the network toast', async (_label, answer) => {
    const { api, seen } = client();
    server.on('systemBenefits', () => answer);
    const error = await api.systemBenefits().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      failure: 'unreadable',
      httpStatus: answer.status,
      path: '/api/system/system_benefits',
    });
    expect(seen.toasts).toEqual([
      {
        message: 'Network error. Please try again later.',
        messageKey: 'errors:network',
        path: '/api/system/system_benefits',
      },
    ]);
  });

  test('connection refused is a NetworkError with the network toast', async () => {
    const { api, seen } = client({ apiBase: `http://127.0.0.1:${await closedPort()}` });
    const error = await api.systemBenefits().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ failure: 'no-answer', httpStatus: null });
    expect(seen.toasts.map((t) => t.messageKey)).toEqual(['errors:network']);
  });

  test('no answer within the timeout is a TimeoutError (a NetworkError) with the network toast', async () => {
    const { api, seen } = client({ timeoutMs: 150 });
    server.on('systemBenefits', () => ({
      delayMs: 1_000,
      body: successEnvelope(exampleResponses.systemBenefits),
    }));
    const error = await api.systemBenefits().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(seen.toasts.map((t) => t.messageKey)).toEqual(['errors:network']);
  });

  test('a slow answer inside the (default 10 s) timeout arrives', async () => {
    const { api } = client();
    server.on('systemBenefits', () => ({
      delayMs: 300,
      body: successEnvelope(exampleResponses.systemBenefits),
    }));
    await expect(api.systemBenefits()).resolves.toEqual(exampleResponses.systemBenefits);
  });

  test('a call the caller aborts is an AbortError and shows nothing', async () => {
    const { api, seen } = client();
    server.on('systemBenefits', () => ({
      delayMs: 1_000,
      body: successEnvelope(exampleResponses.systemBenefits),
    }));
    const controller = new AbortController();
    const pending = api.systemBenefits({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    expect(seen.toasts).toEqual([]);
  });

  test('no retry: a failed call reaches the server once', async () => {
    const { api } = client();
    server.on('systemBenefits', () => ({
      status: 503,
      body: errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, 'Busy'),
    }));
    await expect(api.systemBenefits()).rejects.toBeInstanceOf(ApiError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('every endpoint', () => {
  test('each generated method posts to its path and resolves the data', async () => {
    const { api } = client({
      publicKeys: {
        ios: server.publicKeyPem,
        android: server.publicKeyPem,
        mac: server.publicKeyPem,
        windows: server.publicKeyPem,
      },
    });
    for (const name of Object.keys(exampleRequests) as Array<keyof typeof exampleRequests>) {
      const data = await api.call(name, exampleRequests[name] as never);
      expect(last().name, name).toBe(name);
      if (name !== 'systemPublicKeys') expect(data, name).toEqual(exampleResponses[name]);
    }
  });
});
