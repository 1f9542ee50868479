import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

export type { CountryCode };

export interface CountryOption {
  code: CountryCode;
  callingCode: string;
  name: string;
}

/**
 * Every country libphonenumber-js knows, named in `locale` (Intl), preferred ones first, the rest
 * by name.
 */
export function countryOptions(
  locale: string,
  preferred: readonly CountryCode[] = [],
  nameOf?: (code: CountryCode) => string,
): CountryOption[] {
  const displayNames = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const name = nameOf ?? ((code: CountryCode) => displayNames.of(code) ?? code);
  const all = getCountries().map((code) => ({
    code,
    callingCode: getCountryCallingCode(code),
    name: name(code),
  }));
  const collator = new Intl.Collator(locale);
  const rest = all
    .filter((option) => !preferred.includes(option.code))
    .sort((a, b) => collator.compare(a.name, b.name));
  const top = preferred.flatMap((code) => all.filter((option) => option.code === code));
  return [...top, ...rest];
}

export function callingCodeOf(code: CountryCode): string {
  return getCountryCallingCode(code);
}
