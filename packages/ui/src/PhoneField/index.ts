export { PhoneField, type PhoneFieldProps } from './PhoneField';
export { callingCodeOf, countryOptions, type CountryCode, type CountryOption } from './countries';
