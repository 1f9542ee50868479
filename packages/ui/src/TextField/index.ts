export { TextField, type TextFieldProps } from './TextField.tsx';
export type { FieldTextProps } from './FieldShell.tsx';
