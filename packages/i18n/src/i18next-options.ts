import { type InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import { defaultNS, namespaces, resources } from './resources.ts';
import './i18next-types.ts';

/** Options every instance shares, bundled or lazy: they must behave alike. No catalogue here. */
export function sharedOptions(language: Language): InitOptions {
  return {
    lng: language,
    // Chinese is the fallback language (spec section 1); catalogue tests keep it complete.
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Never look up a bare "zh": there is no such catalogue.
    load: 'currentOnly',
    defaultNS: 'common',
    fallbackNS: false,
    // Catalogues are flat; "ns:key" selects a namespace.
    keySeparator: false,
    nsSeparator: ':',
    returnEmptyString: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  };
}

/** The options both the bundled React set-up and the server's translator use. */
export function baseOptions(language: Language): InitOptions {
  return {
    ...sharedOptions(language),
    resources,
    ns: namespaces,
    defaultNS,
    // Resources are bundled: initialise synchronously so the first render is already translated.
    initAsync: false,
  };
}
