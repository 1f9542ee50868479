import { usernameKey, validateEmail, validatePhone, validateUsername } from '@nimbus/domain';
import { validationRefusal } from '../errors/refusal.ts';

export type AccountColumn = 'username' | 'email' | 'phone';

export interface AccountName {
  column: AccountColumn;
  /** The value as stored and looked up: lower-case username or e-mail, E.164 phone. */
  key: string;
  /** The spelling to show (usernames keep the case the user chose). */
  display: string;
}

/**
 * The account field of a form, for its tab (channel), through the domain's validation: the
 * error is the validation code the form itself would show.
 */
export function parseAccountName(channel: AccountColumn, account: string): AccountName {
  if (channel === 'email') {
    const r = validateEmail(account);
    if (!r.ok) throw validationRefusal(r.error);
    return { column: 'email', key: r.value, display: r.value };
  }
  if (channel === 'phone') {
    const r = validatePhone(account);
    if (!r.ok) throw validationRefusal(r.error);
    return { column: 'phone', key: r.value, display: r.value };
  }
  const r = validateUsername(account);
  if (!r.ok) throw validationRefusal(r.error);
  return { column: 'username', key: usernameKey(r.value), display: r.value };
}
