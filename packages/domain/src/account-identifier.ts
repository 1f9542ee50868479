import { validateEmail } from './email.ts';
import { AccountKind } from './enums.ts';
import { validatePhone, type CountryCode } from './phone.ts';
import { err, ok, type Result } from './result.ts';
import { validateUsername } from './username.ts';

export type AccountIdentifier = { readonly kind: AccountKind; readonly value: string };

export type AccountIdentifierError =
  'account_required' | 'invalid_email' | 'invalid_phone' | 'username_invalid';

// Usernames start with a letter, so anything made of digits (with an optional leading + and
// phone punctuation) can only be meant as a phone number.
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * Classifies the login form's single account field: an @ makes it an email, phone-like text a
 * phone number (national numbers need `country`), anything else a username. The value comes back
 * normalised as the account is stored (lower-case email, E.164 phone, trimmed username).
 */
export function classifyAccountIdentifier(
  input: string,
  country?: CountryCode,
): Result<AccountIdentifier, AccountIdentifierError> {
  const text = input.trim();
  if (text === '') return err('account_required');
  if (text.includes('@')) {
    const email = validateEmail(text);
    return email.ok ? ok({ kind: AccountKind.EMAIL, value: email.value }) : err('invalid_email');
  }
  if (PHONE_LIKE.test(text)) {
    const phone = validatePhone(text, country);
    return phone.ok ? ok({ kind: AccountKind.PHONE, value: phone.value }) : err('invalid_phone');
  }
  const username = validateUsername(text);
  return username.ok
    ? ok({ kind: AccountKind.USERNAME, value: username.value })
    : err('username_invalid');
}
