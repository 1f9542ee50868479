// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest';
import { memoryJar } from '../../test/hook-state.ts';
import { createEmitter, type ClientEvents } from './events.ts';
import { createTokenStore, takeLinkTokenFromUrl } from './session.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
const store = (jar = memoryJar()) =>
  createTokenStore(
    { local: localStorage, session: sessionStorage },
    jar,
    createEmitter<ClientEvents>(),
  );

test('a token query parameter is taken off the URL, other parameters kept, and never stored as a session', () => {
  const tokens = store();
  expect(takeLinkTokenFromUrl('https://app.nimbus.com/user?token=abc&x=1#h')).toEqual({
    cleanedUrl: 'https://app.nimbus.com/user?x=1#h',
    linkToken: 'abc',
  });
  // It is a one-time link token for the exchange, not a session: nothing is stored.
  expect(localStorage.getItem('token')).toBeNull();
  expect(tokens.get()).toBeNull();
});

test('no token parameter: nothing changes', () => {
  expect(takeLinkTokenFromUrl('https://app.nimbus.com/user?x=1')).toBeNull();
});

test('an empty token parameter is removed, with nothing to exchange', () => {
  expect(takeLinkTokenFromUrl('https://app.nimbus.com/?token=')).toEqual({
    cleanedUrl: 'https://app.nimbus.com/',
    linkToken: null,
  });
});

test("this tab's register token wins over the persistent token, which wins over the cookie", () => {
  const jar = memoryJar({ token: 'C' });
  const tokens = store(jar);
  expect(tokens.get()).toBe('C');
  localStorage.setItem('token', 'L');
  expect(tokens.get()).toBe('L');
  sessionStorage.setItem('registerToken', 'R');
  expect(tokens.get()).toBe('R');
});

test('a new session replaces every copy of the previous one', () => {
  const jar = memoryJar();
  const tokens = store(jar);
  tokens.set('R', 'register');
  tokens.set('L', 'login');
  expect(sessionStorage.getItem('registerToken')).toBeNull();
  expect([localStorage.getItem('token'), jar.get('token')]).toEqual(['L', 'L']);
  tokens.set('R2', 'register');
  expect([localStorage.getItem('token'), jar.get('token'), tokens.get()]).toEqual([
    null,
    undefined,
    'R2',
  ]);
});
