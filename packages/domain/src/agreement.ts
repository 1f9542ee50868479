import { err, ok, type Result } from './result.ts';

/** Logging in and registering need the User Agreement and Privacy Policy box ticked. */
export function validateAgreement(agreed: boolean): Result<true, 'agreement_required'> {
  return agreed ? ok(true) : err('agreement_required');
}
