export { CodeField, type CodeFieldProps } from './CodeField';
