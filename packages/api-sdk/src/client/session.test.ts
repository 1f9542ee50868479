// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest';
import { memoryJar } from '../../test/hook-state.ts';
import { createEmitter, type ClientEvents } from './events.ts';
import { captureTokenFromUrl, createTokenStore } from './session.ts';

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

test('a token query parameter is stored persistently and removed from the URL, other parameters kept', () => {
  const tokens = store();
  expect(captureTokenFromUrl('https://app.nimbus.com/user?token=abc&x=1#h', tokens)).toBe(
    'https://app.nimbus.com/user?x=1#h',
  );
  expect(localStorage.getItem('token')).toBe('abc');
});

test('no token parameter: nothing changes', () => {
  const tokens = store();
  expect(captureTokenFromUrl('https://app.nimbus.com/user?x=1', tokens)).toBeNull();
  expect(tokens.get()).toBeNull();
});

test('an empty token parameter is removed but not stored', () => {
  const tokens = store();
  expect(captureTokenFromUrl('https://app.nimbus.com/?token=', tokens)).toBe(
    'https://app.nimbus.com/',
  );
  expect(tokens.get()).toBeNull();
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
