import { describe, expect, test } from 'vitest';
import { isValidationError, VALIDATION_ERRORS } from './validation-error.ts';

describe('validation error codes', () => {
  test('the codes are distinct and in snake case', () => {
    // Distinct, not a count: a count is rewritten by every change and broke when two landed.
    expect(new Set(VALIDATION_ERRORS).size).toBe(VALIDATION_ERRORS.length);
    expect(VALIDATION_ERRORS.length).toBeGreaterThan(40);
    expect(VALIDATION_ERRORS.every((code) => /^[a-z]+(?:_[a-z]+)*$/.test(code))).toBe(true);
  });
  test.each([
    ['text_too_long', true],
    ['promo_invalid', false],
    ['', false],
  ])('%s is a validation code: %s', (code, expected) => {
    expect(isValidationError(code)).toBe(expected);
  });
});
