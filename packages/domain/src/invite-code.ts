import {
  INVITE_CODE_GENERATED_LENGTH,
  INVITE_CODE_MAX_LENGTH,
  INVITE_CODE_MIN_LENGTH,
} from './constants.ts';
import { err, ok, type Result } from './result.ts';

const INVITE_CODE_PATTERN = new RegExp(
  `^[A-Za-z0-9]{${INVITE_CODE_MIN_LENGTH},${INVITE_CODE_MAX_LENGTH}}$`,
);

/**
 * Letters of generated codes: upper case and digits without 0/O and 1/I, which people misread
 * when a code is read aloud or copied from a screenshot. 32 symbols, so a random byte maps to
 * one without bias (256 is a multiple of 32).
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The optional invite code at registration: empty means "no code" (null); otherwise 6-12
 * letters or digits. Codes are case-insensitive and stored upper-case.
 */
export function validateInviteCode(
  input: string | null | undefined,
): Result<string | null, 'invite_code_invalid_format'> {
  const code = (input ?? '').trim();
  if (code === '') return ok(null);
  return INVITE_CODE_PATTERN.test(code)
    ? ok(code.toUpperCase())
    : err('invite_code_invalid_format');
}

/**
 * A new invite code from random bytes the caller draws (crypto.getRandomValues), one byte per
 * character. Uniqueness is the caller's: draw again on a collision.
 */
export function inviteCodeFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length < INVITE_CODE_GENERATED_LENGTH) {
    throw new RangeError(
      `An invite code needs ${INVITE_CODE_GENERATED_LENGTH} random bytes, got ${bytes.length}`,
    );
  }
  let code = '';
  for (const byte of bytes.subarray(0, INVITE_CODE_GENERATED_LENGTH)) {
    code += INVITE_CODE_ALPHABET.charAt(byte % INVITE_CODE_ALPHABET.length);
  }
  return code;
}
