import { LANGUAGES, useLanguage, useTranslation, type Language } from '@nimbus/i18n';
import { LanguageSwitcher } from '@nimbus/ui/language-switcher';
import { switchLanguage } from '../i18n/create-web-i18n.ts';

/**
 * The language switch: re-renders in the new language without a reload and remembers the choice.
 */
export function SiteLanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation('common');
  const value = useLanguage();
  const labels: Record<Language, string> = { en: t('language_en'), 'zh-CN': t('language_zh_cn') };
  return (
    <LanguageSwitcher
      label={t('language_label')}
      tone={tone}
      value={value}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: labels[language],
        lang: language,
      }))}
      onChange={(language) => void switchLanguage(i18n, language)}
    />
  );
}
