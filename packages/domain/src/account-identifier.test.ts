import { describe, expect, test } from 'vitest';
import { classifyAccountIdentifier } from './account-identifier.ts';
import type { CountryCode } from './phone.ts';

describe('login account field', () => {
  test.each<[string, string, CountryCode | undefined, object]>([
    [
      'an address with @ is an email',
      ' Ann@Example.com ',
      'CN',
      { ok: true, value: { kind: 'email', value: 'ann@example.com' } },
    ],
    [
      'a mobile number is a phone',
      '13800138000',
      'CN',
      { ok: true, value: { kind: 'phone', value: '+8613800138000' } },
    ],
    [
      'an international number is a phone',
      '+1 (213) 373-4253',
      undefined,
      { ok: true, value: { kind: 'phone', value: '+12133734253' } },
    ],
    [
      'a name is a username',
      'ann_2024',
      'CN',
      { ok: true, value: { kind: 'username', value: 'ann_2024' } },
    ],
    ['an empty field asks for the account', ' ', 'CN', { ok: false, error: 'account_required' }],
    [
      'a broken address is an invalid email',
      'ann@example',
      'CN',
      { ok: false, error: 'invalid_email' },
    ],
    [
      'a short digit string is an invalid phone',
      '12345',
      'CN',
      { ok: false, error: 'invalid_phone' },
    ],
    [
      'a national number without a country is an invalid phone',
      '13800138000',
      undefined,
      { ok: false, error: 'invalid_phone' },
    ],
    [
      'a name with a hyphen is an invalid username',
      'ann-lee',
      'CN',
      { ok: false, error: 'username_invalid' },
    ],
  ])('%s', (_rule, input, country, expected) => {
    expect(classifyAccountIdentifier(input, country)).toEqual(expected);
  });
});
