export { CodeField, type CodeFieldProps } from './CodeField.tsx';
