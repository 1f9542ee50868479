// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { DetectedPlatform, PREFETCH_CACHE_MS, USER_INFO_CACHE_MS } from '@nimbus/domain';
import { ApiError, createApiClient, type ApiClient } from '../src/index.ts';
import {
  endpoints,
  ErrorCode,
  errorEnvelope,
  successEnvelope,
  type EndpointName,
} from '../src/contract/index.ts';
import * as react from '../src/react/index.ts';
import {
  ApiProvider,
  apiQueryKey,
  createQueryClient,
  isLandingPrefetchPath,
  prefetchLandingData,
  useLoginState,
  usePaymentShop,
  useSystemUserInfo,
  useUserGetDeviceList,
  useUserLogin,
  useUserLogout,
  useUserUnbindDevice,
} from '../src/react/index.ts';
import { resetBrowserState } from './browser.ts';
import { exampleRequests, exampleResponses } from './examples.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => resetBrowserState());
afterEach(() => {
  server.reset();
  vi.useRealTimers();
});

function setup(): {
  api: ApiClient;
  queryClient: QueryClient;
  wrapper: (p: { children: ReactNode }) => ReactNode;
} {
  const keys = {
    ios: server.publicKeyPem,
    android: server.publicKeyPem,
    mac: server.publicKeyPem,
    windows: server.publicKeyPem,
  };
  const api = createApiClient({
    apiBase: server.origin,
    hostname: 'app.nimbus.test',
    getLanguage: () => 'en',
    getPlatform: () => DetectedPlatform.WINDOWS,
    pageUrl: 'http://app.nimbus.test/',
    publicKeys: keys,
  });
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={api} queryClient={queryClient}>
      {children}
    </ApiProvider>
  );
  return { api, queryClient, wrapper };
}
const calls = (name: EndpointName) => server.requests.filter((r) => r.name === name).length;

describe('query client', () => {
  test('no retry and no refetch on window focus', async () => {
    const { queryClient, wrapper } = setup();
    expect(queryClient.getDefaultOptions().queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
    });
    server.on('userGetDeviceList', () => ({
      status: 503,
      body: errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, 'Busy'),
    }));
    const { result } = renderHook(() => useUserGetDeviceList(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(calls('userGetDeviceList')).toBe(1);
    act(() => window.dispatchEvent(new Event('focus')));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('userGetDeviceList')).toBe(1);
  });
});

describe('hooks', () => {
  test('every endpoint has its hook: use + the endpoint name', () => {
    for (const name of Object.keys(endpoints)) {
      const hook = (react as Record<string, unknown>)[
        `use${name[0]?.toUpperCase()}${name.slice(1)}`
      ];
      expect(typeof hook, name).toBe('function');
    }
  });

  test('a read hook resolves the data from the server', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => usePaymentShop(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(exampleResponses.paymentShop);
    expect(server.requests[0]?.decrypted).toHaveProperty('nonce');
  });

  test('user info is cached 2 s: a second screen within 2 s reuses it, after 2 s it is fetched again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { wrapper, api } = setup();
    api.tokens.set('tok', 'login');
    const first = renderHook(() => useSystemUserInfo(), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();
    vi.setSystemTime(Date.now() + USER_INFO_CACHE_MS - 100);
    const second = renderHook(() => useSystemUserInfo(), { wrapper });
    expect(second.result.current.data).toEqual(exampleResponses.systemUserInfo);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls('systemUserInfo')).toBe(1);
    second.unmount();
    vi.setSystemTime(Date.now() + 200);
    renderHook(() => useSystemUserInfo(), { wrapper });
    await waitFor(() => expect(calls('systemUserInfo')).toBe(2));
  });

  test('a write refetches the reads it affects (unbinding a device reloads the list)', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () => ({ list: useUserGetDeviceList(), unbind: useUserUnbindDevice() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(() => result.current.unbind.mutateAsync({ deviceId: 'd1' }));
    await waitFor(() => expect(calls('userGetDeviceList')).toBe(2));
    expect(server.requests.map((r) => r.name)).toEqual([
      'userGetDeviceList',
      'userUnbindDevice',
      'userGetDeviceList',
    ]);
  });

  test('a failed write rejects with the ApiError and refetches nothing', async () => {
    const { wrapper } = setup();
    server.on('userUnbindDevice', () => ({
      status: 404,
      body: errorEnvelope(ErrorCode.DEVICE_NOT_FOUND, 'Gone'),
    }));
    const { result } = renderHook(
      () => ({ list: useUserGetDeviceList(), unbind: useUserUnbindDevice() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    await act(() =>
      expect(result.current.unbind.mutateAsync({ deviceId: 'd1' })).rejects.toMatchObject({
        code: 1202,
      }),
    );
    expect(calls('userGetDeviceList')).toBe(1);
  });
});

describe('login state', () => {
  test('without a token the visitor is logged out at once, and no call is made', () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useLoginState(), { wrapper });
    expect(result.current).toBe('loggedOut');
    expect(server.requests).toEqual([]);
  });

  test('with a token: unknown, then logged in when user info succeeds', async () => {
    const { wrapper, api } = setup();
    api.tokens.set('tok', 'login');
    server.on('systemUserInfo', () => ({
      delayMs: 50,
      body: successEnvelope(exampleResponses.systemUserInfo),
    }));
    const { result } = renderHook(() => useLoginState(), { wrapper });
    expect(result.current).toBe('unknown');
    await waitFor(() => expect(result.current).toBe('loggedIn'));
    expect(server.requests[0]?.headers.authorization).toBe('tok');
  });

  test('with an expired token: logged out when user info fails, quietly, and the token is forgotten', async () => {
    const { wrapper, api } = setup();
    const toasts: unknown[] = [];
    api.events.on('error-toast', (t) => toasts.push(t));
    api.events.on('unauthorized', (t) => toasts.push(t));
    api.tokens.set('expired', 'login');
    server.on('systemUserInfo', () => ({
      status: 401,
      body: errorEnvelope(ErrorCode.UNAUTHORIZED, 'Please log in'),
    }));
    const { result } = renderHook(() => useLoginState(), { wrapper });
    await waitFor(() => expect(result.current).toBe('loggedOut'));
    expect(api.tokens.get()).toBeNull();
    expect(toasts).toEqual([]);
  });

  test('logging in, then out, moves the state and reloads what depends on the session', async () => {
    const { wrapper } = setup();
    server.on('userLogin', () => ({
      headers: { pragma: 'tok-new' },
      body: successEnvelope({ userId: '1' }),
    }));
    const { result } = renderHook(
      () => ({ state: useLoginState(), login: useUserLogin(), logout: useUserLogout() }),
      { wrapper },
    );
    expect(result.current.state).toBe('loggedOut');
    await act(() => result.current.login.mutateAsync(exampleRequests.userLogin));
    await waitFor(() => expect(result.current.state).toBe('loggedIn'));
    expect(server.requests.find((r) => r.name === 'systemUserInfo')?.headers.authorization).toBe(
      'tok-new',
    );
    await act(() => result.current.logout.mutateAsync({}));
    await waitFor(() => expect(result.current.state).toBe('loggedOut'));
    // Logging out asks for nothing more (no user-info call without a token).
    const before = server.requests.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests.slice(before).map((r) => r.name)).toEqual([]);
  });
});

describe('landing prefetch', () => {
  test.each([
    ['/', true],
    ['/pricing', true],
    ['/pricing/', true],
    ['/group-buying', true],
    ['/download', true],
    ['/affiliate', true],
    ['/login', true],
    ['/register', true],
    ['/resetpassword', true],
    ['/faq', false],
    ['/user/profile', false],
    ['/download/tips', false],
  ])('%s prefetches: %s', (path, yes) => {
    expect(isLandingPrefetchPath(path)).toBe(yes);
  });

  test('goods list and client config are fetched 1.5 s after load and kept 3 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { wrapper, api, queryClient } = setup();
    prefetchLandingData(queryClient, api);
    vi.advanceTimersByTime(1_499);
    expect(server.requests).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    await vi.waitFor(() =>
      expect(server.requests.map((r) => r.name).sort()).toEqual([
        'paymentShop',
        'systemClientConfig',
      ]),
    );
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(apiQueryKey('paymentShop', {}))).toEqual(
        exampleResponses.paymentShop,
      ),
    );

    // The pricing screen opens within 3 minutes: it shows the prefetched plans without a call.
    vi.setSystemTime(Date.now() + PREFETCH_CACHE_MS - 1_000);
    const shop = renderHook(() => usePaymentShop(), { wrapper });
    expect(shop.result.current.data).toEqual(exampleResponses.paymentShop);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls('paymentShop')).toBe(1);
    shop.unmount();

    // After 3 minutes the plans are fetched again.
    vi.setSystemTime(Date.now() + 2_000);
    renderHook(() => usePaymentShop(), { wrapper });
    await waitFor(() => expect(calls('paymentShop')).toBe(2));
  });

  test('leaving before 1.5 s cancels the prefetch', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, queryClient } = setup();
    const cancel = prefetchLandingData(queryClient, api);
    vi.advanceTimersByTime(1_000);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(server.requests).toEqual([]);
  });
});
