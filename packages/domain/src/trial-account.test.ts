import { describe, expect, test } from 'vitest';
import {
  canKeepTrialAccount,
  validateKeepAccount,
  type KeepAccountFields,
} from './trial-account.ts';

describe('canKeepTrialAccount', () => {
  test.each([
    [{ username: null, email: null, phone: null }, true],
    [{ username: 'ann_1', email: null, phone: null }, false],
    [{ username: null, email: 'a@example.com', phone: null }, false],
    [{ username: null, email: null, phone: '+8613912345678' }, false],
  ])('%o: %s', (names, expected) => {
    const result = canKeepTrialAccount(names);
    expect(result.ok).toBe(expected);
    if (!result.ok) expect(result.error).toBe('account_already_named');
  });
});

describe('validateKeepAccount', () => {
  const base: KeepAccountFields = {
    channel: 'email',
    account: 'Kate@Example.com ',
    password: 'correct-horse-42',
    confirmPassword: 'correct-horse-42',
    code: '123 456',
  };
  test('an e-mail with its code and a repeated password pass, normalised', () => {
    expect(validateKeepAccount(base)).toEqual({
      ok: true,
      value: {
        account: 'kate@example.com',
        password: 'correct-horse-42',
        confirmPassword: 'correct-horse-42',
        code: '123456',
      },
    });
  });
  test('a username needs no code', () => {
    const result = validateKeepAccount({
      ...base,
      channel: 'username',
      account: 'Kate_1',
      code: '',
    });
    expect(result.ok && result.value.account).toBe('Kate_1');
  });
  test.each([
    [{ account: '' }, { account: 'email_required' }],
    [{ account: 'not-an-address' }, { account: 'invalid_email' }],
    [{ code: '' }, { code: 'code_required' }],
    [{ code: '12345' }, { code: 'code_invalid_format' }],
    [{ password: 'short', confirmPassword: 'short' }, { password: 'password_too_short' }],
    [{ confirmPassword: 'other-horse-42' }, { confirmPassword: 'passwords_mismatch' }],
    [{ channel: 'username', account: '1abc' }, { account: 'username_invalid' }],
    [{ channel: 'username', account: ' ' }, { account: 'username_required' }],
  ] as const)('%o is refused with %o', (change, fieldErrors) => {
    expect(validateKeepAccount({ ...base, ...change })).toEqual({
      ok: false,
      error: 'check_input',
      fieldErrors,
    });
  });
});
