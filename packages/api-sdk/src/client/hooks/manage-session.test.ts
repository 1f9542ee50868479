// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { ErrorCode, errorEnvelope, successEnvelope } from '../../contract/index.ts';
import { runAfterResponse, jsonResponse, memoryJar } from '../../../test/hook-state.ts';
import { createEmitter, type ClientEvents } from '../events.ts';
import { createTokenStore } from '../session.ts';
import { manageSession } from './manage-session.ts';

const setup = () => {
  const events = createEmitter<ClientEvents>();
  const changes: ClientEvents['token-changed'][] = [];
  events.on('token-changed', (e) => changes.push(e));
  const jar = memoryJar();
  const tokens = createTokenStore({ local: localStorage, session: sessionStorage }, jar, events);
  return { tokens, changes, jar, hook: manageSession(tokens) };
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('manageSession', () => {
  test.each([
    ['userLogin', 'login', 'localStorage'],
    ['userTrial', 'login', 'localStorage'],
    ['userRegister', 'register', 'sessionStorage'],
  ] as const)('%s: the pragma token is stored (%s, %s)', async (name, source, where) => {
    const { hook, tokens, changes, jar } = setup();
    await runAfterResponse(
      hook,
      name,
      jsonResponse(successEnvelope({}), { headers: { pragma: 'T1' } }),
    );
    expect(tokens.get()).toBe('T1');
    expect(
      where === 'localStorage'
        ? localStorage.getItem('token')
        : sessionStorage.getItem('registerToken'),
    ).toBe('T1');
    expect(jar.get('token')).toBe(where === 'localStorage' ? 'T1' : undefined);
    expect(changes).toEqual([{ token: 'T1', source }]);
  });

  test('calls that deliver no token ignore pragma', async () => {
    const { hook, tokens } = setup();
    await runAfterResponse(
      hook,
      'systemBenefits',
      jsonResponse(successEnvelope({}), { headers: { pragma: 'no-cache' } }),
    );
    expect(tokens.get()).toBeNull();
  });

  test('a failed login stores nothing', async () => {
    const { hook, tokens } = setup();
    await runAfterResponse(
      hook,
      'userLogin',
      jsonResponse(errorEnvelope(ErrorCode.INVALID_CREDENTIALS, 'x'), {
        status: 400,
        headers: { pragma: 'T1' },
      }),
    );
    expect(tokens.get()).toBeNull();
  });

  test('a successful logout clears; a failed account deletion does not', async () => {
    const { hook, tokens, changes } = setup();
    tokens.set('T1', 'login');
    await runAfterResponse(
      hook,
      'userDeleteAccount',
      jsonResponse(errorEnvelope(ErrorCode.CODE_INVALID, 'x'), { status: 400 }),
    );
    expect(tokens.get()).toBe('T1');
    await runAfterResponse(hook, 'userLogout', jsonResponse(successEnvelope(null)));
    expect(tokens.get()).toBeNull();
    expect(changes.at(-1)).toEqual({ token: null, source: 'logout' });
  });

  test('Unauthorized forgets the token the call was made with, not a newer one', async () => {
    const { hook, tokens } = setup();
    tokens.set('NEW', 'login');
    const unauthorized = () =>
      jsonResponse(errorEnvelope(ErrorCode.UNAUTHORIZED, 'x'), { status: 401 });
    await runAfterResponse(hook, 'userGetDeviceList', unauthorized(), {
      requestHeaders: { authorization: 'OLD' },
    });
    expect(tokens.get()).toBe('NEW');
    await runAfterResponse(hook, 'userGetDeviceList', unauthorized(), {
      requestHeaders: { authorization: 'NEW' },
    });
    expect(tokens.get()).toBeNull();
  });

  test('the first successful user info made with the register token persists it', async () => {
    const { hook, tokens, changes, jar } = setup();
    tokens.set('R1', 'register');
    // A refused user info keeps the register token in this tab only.
    await runAfterResponse(
      hook,
      'systemUserInfo',
      jsonResponse(errorEnvelope(ErrorCode.SERVICE_UNAVAILABLE, 'x'), { status: 503 }),
      { requestHeaders: { authorization: 'R1' } },
    );
    expect([sessionStorage.getItem('registerToken'), localStorage.getItem('token')]).toEqual([
      'R1',
      null,
    ]);
    await runAfterResponse(hook, 'systemUserInfo', jsonResponse(successEnvelope({})), {
      requestHeaders: { authorization: 'R1' },
    });
    expect([sessionStorage.getItem('registerToken'), localStorage.getItem('token')]).toEqual([
      null,
      'R1',
    ]);
    expect(jar.get('token')).toBe('R1');
    expect(tokens.get()).toBe('R1');
    // The same session: no token change is announced.
    expect(changes).toEqual([{ token: 'R1', source: 'register' }]);
  });

  test('a late user info of an older session persists nothing', async () => {
    const { hook, tokens } = setup();
    tokens.set('R2', 'register');
    await runAfterResponse(hook, 'systemUserInfo', jsonResponse(successEnvelope({})), {
      requestHeaders: { authorization: 'OLD' },
    });
    expect([sessionStorage.getItem('registerToken'), localStorage.getItem('token')]).toEqual([
      'R2',
      null,
    ]);
  });
});
