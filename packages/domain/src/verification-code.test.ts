import { describe, expect, test } from 'vitest';
import { validateVerificationCode } from './verification-code.ts';

describe('verification code', () => {
  test.each([
    ['6 digits are accepted', '123456', { ok: true, value: '123456' }],
    ['a pasted code with spaces is accepted', ' 123 456 ', { ok: true, value: '123456' }],
    ['leading zeros are kept', '000123', { ok: true, value: '000123' }],
    ['an empty field asks for the code', '', { ok: false, error: 'code_required' }],
    ['5 digits are the wrong format', '12345', { ok: false, error: 'code_invalid_format' }],
    ['7 digits are the wrong format', '1234567', { ok: false, error: 'code_invalid_format' }],
    ['letters are the wrong format', '12a456', { ok: false, error: 'code_invalid_format' }],
    [
      'full-width digits are the wrong format',
      '１２３４５６',
      { ok: false, error: 'code_invalid_format' },
    ],
  ])('%s', (_rule, input, expected) => {
    expect(validateVerificationCode(input)).toEqual(expected);
  });
});
