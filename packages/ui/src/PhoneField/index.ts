export { PhoneField, type PhoneFieldProps } from './PhoneField.tsx';
export {
  callingCodeOf,
  countryOptions,
  type CountryCode,
  type CountryOption,
} from './countries.ts';
