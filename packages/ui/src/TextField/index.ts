export { TextField, type TextFieldProps } from './TextField';
export type { FieldTextProps } from './FieldShell';
