import { VERIFICATION_CODE_LENGTH } from './constants.ts';
import { err, ok, type Result } from './result.ts';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * The emailed or texted verification code: required, then exactly 6 digits. Spaces are removed
 * first because codes are often pasted as "123 456".
 */
export function validateVerificationCode(
  input: string,
): Result<string, 'code_required' | 'code_invalid_format'> {
  const code = input.replace(/\s+/g, '');
  if (code === '') return err('code_required');
  return CODE_PATTERN.test(code) ? ok(code) : err('code_invalid_format');
}
