import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  applyDocumentLanguage,
  isLanguage,
  LANGUAGES,
  persistLanguage,
  type Language,
  type Namespace,
} from '@nimbus/i18n';
import { catalogueLoaders } from './catalogue-loaders.ts';

/** Loads `locales/<lng>/<ns>.json` as its own chunk, the first time it is needed. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const loader = isLanguage(language)
      ? catalogueLoaders[language][namespace as Namespace]
      : undefined;
    if (!loader) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    loader().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

// init() loads the start namespaces; loadNamespaces() treats those as known and would not wait.
const initialising = new WeakMap<I18n, Promise<unknown>>();

export interface WebI18nOptions {
  /**
   * Catalogues already in hand (pre-rendered pages embed the ones they used): no request for them.
   */
  initialResources?: Resource;
  /** Namespaces to load at start; `common` always. */
  namespaces?: readonly Namespace[];
}

/**
 * The apps' i18next instance: the same options as @nimbus/i18n's createI18n (flat keys,
 * `ns:key`, `common` by default), but catalogues come per namespace and language on demand.
 * No fallback language in the browser: the catalogue tests keep zh-CN and en complete, and a
 * fallback would download every namespace twice.
 */
export function createWebI18n(
  language: Language,
  { initialResources, namespaces = [] }: WebI18nOptions = {},
): I18n {
  const instance = createInstance();
  instance.use(lazyCatalogues).use(initReactI18next);
  initialising.set(
    instance,
    instance.init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['common', ...namespaces.filter((n) => n !== 'common')],
      defaultNS: 'common',
      fallbackNS: false,
      keySeparator: false,
      nsSeparator: ':',
      returnEmptyString: false,
      returnNull: false,
      partialBundledLanguages: true,
      ...(initialResources ? { resources: initialResources } : {}),
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18nStore: 'added' },
    }),
  );
  return instance;
}

/** Resolves when every namespace is loaded in the current language (a page waits for its own). */
export async function loadNamespaces(
  instance: I18n,
  namespaces: readonly Namespace[],
): Promise<void> {
  await initialising.get(instance);
  const missing = namespaces.filter((ns) => !instance.hasResourceBundle(instance.language, ns));
  if (missing.length > 0) await instance.loadNamespaces(missing);
}

/**
 * The language switcher's action: loads every namespace in use in the new language first, then
 * re-renders every translated component without a page reload, remembers the choice (local
 * storage and the `language` cookie the server pre-renders by) and updates <html lang>. Until
 * the catalogues are in, the page stays in the old language: never a raw key on screen.
 *
 * i18next's `changeLanguage` loads the namespaces it knows (`options.ns`, those given at start
 * or asked for with `loadNamespaces`) before it switches, but not those that came embedded in a
 * pre-rendered page: it switched, and the page's own catalogue followed a moment later, its
 * keys showing meanwhile. Every namespace loaded in the current language is made known first
 * (no request: they are loaded), so the switch waits for all of them in the new language.
 */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await initialising.get(instance);
  const inUse = Object.keys(instance.store.data[instance.language] ?? {});
  if (inUse.length > 0) await instance.loadNamespaces(inUse);
  await instance.changeLanguage(language);
  persistLanguage(language);
  applyDocumentLanguage(language);
}
