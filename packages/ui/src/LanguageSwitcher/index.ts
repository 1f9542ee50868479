export {
  LanguageSwitcher,
  languageSwitcherTones,
  type LanguageOption,
  type LanguageSwitcherProps,
  type LanguageSwitcherTone,
} from './LanguageSwitcher.tsx';
