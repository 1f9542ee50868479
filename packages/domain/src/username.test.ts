import { describe, expect, test } from 'vitest';
import { usernameKey, validateUsername } from './username.ts';

describe('username', () => {
  test.each([
    [
      'letters, digits and underscores starting with a letter',
      'ann_2024',
      { ok: true, value: 'ann_2024' },
    ],
    ['4 characters are enough', 'annL', { ok: true, value: 'annL' }],
    ['20 characters are allowed', `a${'b'.repeat(19)}`, { ok: true, value: `a${'b'.repeat(19)}` }],
    ['spaces around are trimmed', '  ann_2024 ', { ok: true, value: 'ann_2024' }],
    ['an empty field asks for a username', '', { ok: false, error: 'username_required' }],
    ['3 characters are too short', 'ann', { ok: false, error: 'username_invalid' }],
    ['21 characters are too long', `a${'b'.repeat(20)}`, { ok: false, error: 'username_invalid' }],
    ['starting with a digit is refused', '1ann', { ok: false, error: 'username_invalid' }],
    ['starting with an underscore is refused', '_ann', { ok: false, error: 'username_invalid' }],
    ['a hyphen is refused', 'ann-lee', { ok: false, error: 'username_invalid' }],
    ['non-ASCII letters are refused', 'ännlee', { ok: false, error: 'username_invalid' }],
  ])('%s', (_rule, input, expected) => {
    expect(validateUsername(input)).toEqual(expected);
  });

  test('usernames differing only in case share one key', () => {
    expect(usernameKey(' Ann_1')).toBe(usernameKey('ann_1'));
  });
});
