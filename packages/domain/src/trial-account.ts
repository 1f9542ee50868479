import { validateEmail } from './email.ts';
import { validateForm, type FormResult } from './form.ts';
import { validatePassword, validatePasswordConfirmation } from './password.ts';
import { err, ok, type Result } from './result.ts';
import { validateUsername } from './username.ts';
import { validateVerificationCode } from './verification-code.ts';

/** How a trial account is kept: an e-mail address proven by a code, or a username. */
export type KeepAccountChannel = 'email' | 'username';

/** The names an account can log in with. */
export interface AccountNames {
  readonly username: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}

/**
 * Whether an account can still be given a name to log in with: the trial button's account is
 * made without one (no username, e-mail or phone, no password), so nobody can log into it from
 * another device until its holder adds one. An account that has a name changes it no other way.
 */
export function canKeepTrialAccount(account: AccountNames): Result<true, 'account_already_named'> {
  return account.username === null && account.email === null && account.phone === null
    ? ok(true)
    : err('account_already_named');
}

export interface KeepAccountFields {
  readonly channel: KeepAccountChannel;
  /** The e-mail address or the username. */
  readonly account: string;
  readonly password: string;
  readonly confirmPassword: string;
  /** The code sent to the e-mail address (ignored for a username). */
  readonly code: string;
}

/**
 * The "keep your account" form, field by field: the name by its channel's rule, a password and
 * its repetition, and for an e-mail address the 6-digit code sent to it. The server applies
 * the same rules to the call (without the repetition, which the form alone has).
 */
export function validateKeepAccount(fields: KeepAccountFields): FormResult<{
  account: ReturnType<typeof validateEmail> | ReturnType<typeof validateUsername>;
  password: ReturnType<typeof validatePassword>;
  confirmPassword: ReturnType<typeof validatePasswordConfirmation>;
  code: ReturnType<typeof validateVerificationCode> | Result<string, never>;
}> {
  return validateForm({
    account:
      fields.channel === 'email' ? validateEmail(fields.account) : validateUsername(fields.account),
    password: validatePassword(fields.password),
    confirmPassword: validatePasswordConfirmation(fields.password, fields.confirmPassword),
    code: fields.channel === 'email' ? validateVerificationCode(fields.code) : ok(''),
  });
}
