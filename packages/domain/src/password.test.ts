import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { validatePassword, validatePasswordConfirmation } from './password.ts';

describe('password', () => {
  test.each([
    ['an empty password is asked for', '', { ok: false, error: 'password_required' }],
    ['7 characters are too short', 'abcdefg', { ok: false, error: 'password_too_short' }],
    ['8 characters are enough', 'abcdefgh', { ok: true, value: 'abcdefgh' }],
    ['spaces count and are kept', ' abc def ', { ok: true, value: ' abc def ' }],
    [
      'an emoji counts as one character',
      '😀😀😀😀😀😀😀',
      { ok: false, error: 'password_too_short' },
    ],
    ['128 characters are allowed', 'a'.repeat(128), { ok: true, value: 'a'.repeat(128) }],
    ['129 characters are too long', 'a'.repeat(129), { ok: false, error: 'password_too_long' }],
  ])('%s', (_rule, input, expected) => {
    expect(validatePassword(input)).toEqual(expected);
  });

  test.each([
    [
      'the same password twice is accepted',
      'secret-123',
      'secret-123',
      { ok: true, value: 'secret-123' },
    ],
    ['an empty repeat is asked for', 'secret-123', '', { ok: false, error: 'password_required' }],
    [
      'a different repeat is refused',
      'secret-123',
      'secret-124',
      { ok: false, error: 'passwords_mismatch' },
    ],
  ])('%s', (_rule, password, confirmation, expected) => {
    expect(validatePasswordConfirmation(password, confirmation)).toEqual(expected);
  });

  test('a password is accepted exactly when it has 8 to 128 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 140 }), (password) => {
        const accepted = validatePassword(password).ok;
        expect(accepted).toBe(password.length >= 8 && password.length <= 128);
      }),
    );
  });
});
