import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, persistLanguage, type PersistLanguageOptions } from './detect.ts';
import { baseOptions } from './i18next-options.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/**
 * An initialised i18next instance with react-i18next bound, for one app. Use it with
 * `<I18nextProvider i18n={createI18n(detectBrowserLanguage())}>` and `useTranslation('ns')`.
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = createInstance();
  instance.use(initReactI18next);
  // Synchronous with bundled resources (initAsync: false); the promise only repeats the result.
  void instance.init({
    ...baseOptions(language),
    // React escapes text itself; Suspense is not needed as nothing loads asynchronously.
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Switches the UI language the way the language switcher should: the instance re-renders every
 * `useTranslation` user, the choice is stored for next time, and <html lang> follows.
 */
export async function setLanguage(
  instance: I18n,
  language: Language,
  options: PersistLanguageOptions = {},
): Promise<void> {
  await instance.changeLanguage(language);
  persistLanguage(language, options);
  applyDocumentLanguage(language, options.document);
}
