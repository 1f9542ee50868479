import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { sharedOptions } from './i18next-options.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import type { Namespace } from './resources.ts';

/**
 * `@nimbus/i18n/lazy`: an i18next instance that loads each catalogue (one language, one
 * namespace) as its own chunk when a screen first needs it. Apps with a size budget use this
 * instead of `createI18n`, which bundles every catalogue of both languages (about 34 KB gzip).
 * The bundler turns the dynamic import below into one small chunk per JSON file.
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    import(`../locales/${language}/${namespace}.json`).then(
      (module: { default: Record<string, string> }) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export interface LazyI18nOptions {
  /** Namespaces loaded before the promise resolves, so the first render is translated. */
  namespaces?: readonly Namespace[];
}

export async function createLazyI18n(
  language: Language = DEFAULT_LANGUAGE,
  options: LazyI18nOptions = {},
): Promise<I18n> {
  const instance = createInstance();
  instance.use(lazyBackend).use(initReactI18next);
  await instance.init({
    ...sharedOptions(language),
    ns: [...(options.namespaces ?? ['common'])],
    partialBundledLanguages: true,
    // A screen whose namespace is still loading suspends to the nearest <Suspense> (the route's).
    react: { useSuspense: true },
  });
  return instance;
}

/** Loads namespaces ahead of a render (a route's, before hydrating pre-rendered HTML). */
export async function loadNamespaces(
  instance: I18n,
  namespaces: readonly Namespace[],
): Promise<void> {
  await instance.loadNamespaces([...namespaces]);
}
