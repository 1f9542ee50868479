import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from './languages.ts';

/**
 * The UI language for Intl formatting (dates, money, durations): i18next's current language, or
 * the default when it is none of ours. Re-renders when it changes.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language);
}
