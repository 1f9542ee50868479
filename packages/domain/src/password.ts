import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Length in characters as a person counts them (code points, so an emoji is one). Passwords
 * are never trimmed: a space is a character the user chose.
 */
function characterCount(value: string): number {
  return [...value].length;
}

export function validatePassword(
  password: string,
): Result<string, 'password_required' | 'password_too_short' | 'password_too_long'> {
  if (password === '') return err('password_required');
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return err('password_too_short');
  if (length > PASSWORD_MAX_LENGTH) return err('password_too_long');
  return ok(password);
}

/** The "repeat password" field: required, and the same as the first one. */
export function validatePasswordConfirmation(
  password: string,
  confirmation: string,
): Result<string, 'password_required' | 'passwords_mismatch'> {
  if (confirmation === '') return err('password_required');
  return confirmation === password ? ok(confirmation) : err('passwords_mismatch');
}
