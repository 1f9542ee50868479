// The hook lives in @nimbus/i18n (every app needs it); kept here for the marketing screens.
export { useValidationText } from '@nimbus/i18n';
