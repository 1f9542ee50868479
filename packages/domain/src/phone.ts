import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { err, ok, type Result } from './result.ts';

export type { CountryCode };

/** Every country the phone field's country picker can offer (ISO 3166-1 alpha-2). */
export function phoneCountries(): readonly CountryCode[] {
  return getCountries();
}

export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** The calling code shown beside the country, without the plus: "86" for CN. */
export function phoneCallingCode(country: CountryCode): string {
  return getCountryCallingCode(country);
}

/**
 * The phone field: required, then a number that is valid for the chosen country (or for any
 * country when written with its +calling code). Returns the E.164 form ("+8613800138000"),
 * which is what is stored and compared.
 */
export function validatePhone(
  input: string,
  country?: CountryCode,
): Result<string, 'phone_required' | 'invalid_phone'> {
  const text = input.trim();
  if (text === '') return err('phone_required');
  // extract: false - the whole field must be the number, not merely contain one.
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed?.isValid() === true ? ok(parsed.number) : err('invalid_phone');
}
