export * from './create-i18n.ts';
export * from './detect.ts';
export * from './format.ts';
export * from './header.ts';
export * from './languages.ts';
export * from './resources.ts';
export { useLanguage } from './use-language.ts';
export { useValidationText, type ValidationParams } from './use-validation-text.ts';
export {
  errorMessage,
  translate,
  translator,
  hasTranslation,
  type ErrorKey,
  type TranslateValues,
  type TranslationKey,
} from './server.ts';
// The hooks and components of react-i18next, so apps depend on one i18n package.
export { I18nextProvider, Trans, useTranslation } from 'react-i18next';
