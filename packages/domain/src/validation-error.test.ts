import { describe, expect, test } from 'vitest';
import { isValidationError, VALIDATION_ERRORS } from './validation-error.ts';

describe('validation error codes', () => {
  test('there are 44 distinct codes in snake case', () => {
    expect(new Set(VALIDATION_ERRORS).size).toBe(65);
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
