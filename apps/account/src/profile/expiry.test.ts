import { describe, expect, test } from 'vitest';
import { accountName, expiryState } from './expiry.ts';

const now = Date.UTC(2026, 0, 10);

describe('expiryState', () => {
  test.each([
    ['a plan never bought (0) has no expiry', 0, { kind: 'none' }],
    ['a future expiry is active', now + 1, { kind: 'active', at: now + 1 }],
    ['an expiry equal to now has expired', now, { kind: 'expired', at: now }],
    ['a past expiry has expired', now - 86_400_000, { kind: 'expired', at: now - 86_400_000 }],
  ])('%s', (_name, expireTime, expected) => {
    expect(expiryState(expireTime, now)).toEqual(expected);
  });
});

describe('accountName', () => {
  test.each([
    [{ username: 'kate', email: 'k@example.com', phone: null }, 'kate'],
    [{ username: null, email: 'k@example.com', phone: '+8613800138000' }, 'k@example.com'],
    [{ username: null, email: null, phone: '+8613800138000' }, '+8613800138000'],
    [{ username: null, email: null, phone: null }, null],
  ])('%o -> %s', (user, expected) => {
    expect(accountName(user)).toBe(expected);
  });
});
