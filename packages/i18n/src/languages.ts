import { Language } from '@nimbus/domain/enums';

export { Language, LanguageHeader } from '@nimbus/domain/enums';
export { LANGUAGE_STORAGE_KEY } from '@nimbus/domain/constants';

/** Every UI language, in the order a language switcher lists them. */
export const LANGUAGES: readonly Language[] = [Language.ZH_CN, Language.EN];

/** Chinese is the fallback (spec section 1): used whenever nothing says otherwise. */
export const DEFAULT_LANGUAGE: Language = Language.ZH_CN;

export function isLanguage(value: unknown): value is Language {
  return value === Language.ZH_CN || value === Language.EN;
}

/** One of our languages as it is, anything else (i18next's 'cimode', 'fr') as the default. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
