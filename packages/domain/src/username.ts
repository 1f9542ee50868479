import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants.ts';
import { err, ok, type Result } from './result.ts';

const USERNAME_PATTERN = new RegExp(
  `^[A-Za-z][A-Za-z0-9_]{${USERNAME_MIN_LENGTH - 1},${USERNAME_MAX_LENGTH - 1}}$`,
);

export function isUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

/**
 * The username field: required, then 4-20 letters, digits or underscores starting with a letter.
 */
export function validateUsername(
  input: string,
): Result<string, 'username_required' | 'username_invalid'> {
  const username = input.trim();
  if (username === '') return err('username_required');
  return isUsername(username) ? ok(username) : err('username_invalid');
}

/**
 * The key usernames are unique and looked up by: shown as the user typed it, but "Ann_1" and
 * "ann_1" are one account, so nobody can register a look-alike of someone else's name.
 */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
