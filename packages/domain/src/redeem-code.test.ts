import { describe, expect, test } from 'vitest';
import { validateRedeemCode } from './redeem-code.ts';

describe('redeem code', () => {
  test.each([
    ['a code is trimmed and upper-cased', ' gift-2026 ', { ok: true, value: 'GIFT-2026' }],
    ['an empty field asks for the code', '', { ok: false, error: 'redeem_code_required' }],
  ])('%s', (_rule, input, expected) => {
    expect(validateRedeemCode(input)).toEqual(expected);
  });
});
