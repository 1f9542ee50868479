import { err, ok, type Result } from './result.ts';

/** The redeem code field: required. Codes are compared trimmed and upper-case. */
export function validateRedeemCode(input: string): Result<string, 'redeem_code_required'> {
  const code = input.trim().toUpperCase();
  return code === '' ? err('redeem_code_required') : ok(code);
}
