export { TextField, type TextFieldProps } from './TextField.tsx';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField.tsx';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField.tsx';
export type { FieldFrameProps, FieldTextProps } from './FieldShell.tsx';
