import { DEFAULT_LANGUAGE, isLanguage, useTranslation, type Language } from '@nimbus/i18n';

/** The UI language for Intl formatting (dates, money, durations); re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
