import { expect, test } from 'vitest';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

test('password minimum is 8', () => {
  expect(PASSWORD_MIN_LENGTH).toBe(8);
});
