import { useId, useMemo, useState } from 'react';
import { ChevronDownIcon } from '../icons/icons.tsx';
import { TextField, type TextFieldProps } from '../TextField/TextField.tsx';
import { callingCodeOf, countryOptions, type CountryCode } from './countries.ts';
import * as styles from './PhoneField.css.ts';

export interface PhoneFieldProps extends Omit<TextFieldProps, 'type' | 'start'> {
  /** Selected country (controlled). */
  country?: CountryCode;
  /** Initial country when uncontrolled. */
  defaultCountry?: CountryCode;
  onCountryChange?: (country: CountryCode) => void;
  /** Accessible name of the country select, e.g. "Country calling code". */
  countrySelectLabel: string;
  /** Locale for country names (Intl.DisplayNames), e.g. "en" or "zh-CN". */
  locale?: string;
  /** Overrides the country names, e.g. from the app's catalogue. */
  countryName?: (code: CountryCode) => string;
  /** Listed first, in this order. */
  preferredCountries?: readonly CountryCode[];
}

/**
 * A phone number input with a country calling code select. The number stays national; the
 * app combines it with the country (libphonenumber-js) to validate and to send E.164.
 */
export function PhoneField({
  country,
  defaultCountry = 'CN',
  onCountryChange,
  countrySelectLabel,
  locale = 'en',
  countryName,
  preferredCountries = ['CN', 'US', 'HK', 'TW', 'SG', 'GB'],
  disabled,
  autoComplete = 'tel-national',
  ...rest
}: PhoneFieldProps) {
  const [uncontrolled, setUncontrolled] = useState<CountryCode>(defaultCountry);
  const selected = country ?? uncontrolled;
  const options = useMemo(
    () => countryOptions(locale, preferredCountries, countryName),
    [locale, preferredCountries, countryName],
  );
  const selectId = useId();

  const select = (
    <div className={styles.country}>
      <span aria-hidden="true">+{callingCodeOf(selected)}</span>
      <ChevronDownIcon className={styles.chevron} />
      <select
        id={selectId}
        className={styles.select}
        aria-label={countrySelectLabel}
        value={selected}
        disabled={disabled}
        autoComplete="tel-country-code"
        onChange={(event) => {
          const next = event.target.value as CountryCode;
          setUncontrolled(next);
          onCountryChange?.(next);
        }}
      >
        {options.map((option) => (
          <option
            key={option.code}
            value={option.code}
          >{`${option.name} +${option.callingCode}`}</option>
        ))}
      </select>
    </div>
  );
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      disabled={disabled}
      start={select}
    />
  );
}
