import { EMAIL_MAX_LENGTH } from './constants.ts';
import { err, ok, type Result } from './result.ts';

// The dot-atom form of RFC 5322 for the local part (what every mail provider hands out), and
// LDH host labels with a real top-level domain: `a@b` and `a@b.c` are typos, not addresses.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
const LOCAL_PART_MAX = 64;

/** Whether a (trimmed) string matches the standard address pattern. */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const top = labels.at(-1) ?? '';
  return (
    local.length <= LOCAL_PART_MAX &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL.test(top)
  );
}

/**
 * Addresses are compared and stored lower-cased: providers treat the local part
 * case-insensitively in practice, and "Ann@X.com" and "ann@x.com" must be one account.
 */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The email field: required, then the pattern. Returns the normalised address. */
export function validateEmail(input: string): Result<string, 'email_required' | 'invalid_email'> {
  const email = normaliseEmail(input);
  if (email === '') return err('email_required');
  return isEmail(email) ? ok(email) : err('invalid_email');
}
