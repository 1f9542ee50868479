import type { CountryCode, validatePhone } from '@nimbus/domain/phone';
import { err } from '@nimbus/domain/result';
import type { PhoneField } from '@nimbus/ui/phone-field';
import { useEffect, useState } from 'react';

/**
 * Phone numbers (libphonenumber's metadata and the country picker): about 50 KB gzip, as much as
 * the rest of a sign-in page. E-mail is the default tab, so the phone part loads when the phone
 * tab is chosen rather than with the page.
 */
export interface PhoneSupport {
  validatePhone: typeof validatePhone;
  PhoneField: typeof PhoneField;
}

let loaded: PhoneSupport | undefined;
let loading: Promise<PhoneSupport> | undefined;

export function loadPhoneSupport(): Promise<PhoneSupport> {
  loading ??= Promise.all([import('@nimbus/domain/phone'), import('@nimbus/ui/phone-field')]).then(
    ([domain, ui]) => (loaded = { validatePhone: domain.validatePhone, PhoneField: ui.PhoneField }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The phone support once loaded, while `wanted` (the phone tab is open); undefined until then.
 * A chunk that fails to load is thrown into the render, so the route's error element handles
 * it as any page chunk (one reload, then the error page).
 */
export function usePhoneSupport(wanted: boolean): PhoneSupport | undefined {
  const [support, setSupport] = useState(loaded);
  const [failure, setFailure] = useState<unknown>();
  useEffect(() => {
    if (!wanted || support) return;
    let current = true;
    loadPhoneSupport().then(
      (s) => current && setSupport(s),
      (error: unknown) => current && setFailure(() => error),
    );
    return () => {
      current = false;
    };
  }, [wanted, support]);
  if (failure !== undefined) throw failure;
  return wanted ? support : undefined;
}

/**
 * The number checked for its country; before the phone part has loaded (its field is not shown yet)
 * it counts as not entered.
 */
export function checkPhone(
  support: PhoneSupport | undefined,
  input: string,
  country: CountryCode,
): ReturnType<typeof validatePhone> {
  return support ? support.validatePhone(input, country) : err('phone_required');
}
