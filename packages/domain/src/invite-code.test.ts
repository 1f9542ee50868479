import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  INVITE_CODE_ALPHABET,
  inviteCodeFromRandomBytes,
  validateInviteCode,
} from './invite-code.ts';

describe('invite code', () => {
  test.each([
    ['no code is fine (the field is optional)', '', { ok: true, value: null }],
    ['a blank field is no code', '   ', { ok: true, value: null }],
    ['an absent field is no code', undefined, { ok: true, value: null }],
    ['a null field is no code', null, { ok: true, value: null }],
    ['6 letters or digits are accepted, upper-cased', 'ab12cd', { ok: true, value: 'AB12CD' }],
    ['12 characters are accepted', 'ABCDEF123456', { ok: true, value: 'ABCDEF123456' }],
    ['spaces around are trimmed', ' ABCD1234 ', { ok: true, value: 'ABCD1234' }],
    ['5 characters are too short', 'ABC12', { ok: false, error: 'invite_code_invalid_format' }],
    [
      '13 characters are too long',
      'ABCDEF1234567',
      { ok: false, error: 'invite_code_invalid_format' },
    ],
    ['punctuation is refused', 'ABC-1234', { ok: false, error: 'invite_code_invalid_format' }],
  ])('%s', (_rule, input, expected) => {
    expect(validateInviteCode(input)).toEqual(expected);
  });

  test('generated codes are 8 unambiguous characters and pass validation', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 16 }), (bytes) => {
        const code = inviteCodeFromRandomBytes(bytes);
        expect(code).toHaveLength(8);
        expect([...code].every((ch) => INVITE_CODE_ALPHABET.includes(ch))).toBe(true);
        expect(validateInviteCode(code)).toEqual({ ok: true, value: code });
      }),
    );
  });

  test('every byte value maps to a symbol, each symbol from exactly 8 byte values', () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b += 1) {
      const ch = inviteCodeFromRandomBytes(new Uint8Array(8).fill(b)).charAt(0);
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(Array.from({ length: 32 }, () => 8));
  });

  test('too few random bytes is a programmer error', () => {
    expect(() => inviteCodeFromRandomBytes(new Uint8Array(7))).toThrow(RangeError);
  });
});
