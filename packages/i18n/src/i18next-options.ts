import { type InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { defaultNS, namespaces, resources } from './resources.ts';
import './i18next-types.ts';

/** The options both the React set-up and the server's translator use, so they behave alike. */
export function baseOptions(language: Language): InitOptions {
  return {
    resources,
    lng: language,
    // Chinese is the fallback language (spec section 1); catalogue tests keep it complete.
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Never look up a bare "zh": there is no such catalogue.
    load: 'currentOnly',
    ns: namespaces,
    defaultNS,
    fallbackNS: false,
    // Catalogues are flat; "ns:key" selects a namespace.
    keySeparator: false,
    nsSeparator: ':',
    returnEmptyString: false,
    returnNull: false,
    // Resources are bundled: initialise synchronously so the first render is already translated.
    initAsync: false,
    interpolation: { escapeValue: false },
  };
}
