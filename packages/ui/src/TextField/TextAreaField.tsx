import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import * as styles from './Field.css.ts';
import { FieldShell, useFieldIds, type FieldTextProps } from './FieldShell.tsx';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'>, FieldTextProps {
  /** Class of the outer wrapper; `className` goes to the textarea. */
  fieldClassName?: string;
}

/** A multi-line text field with the same label, hint and error layout as TextField. */
export function TextAreaField({
  label,
  hideLabel,
  hint,
  error,
  fieldClassName,
  id,
  className,
  disabled,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldShell
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      disabled={disabled}
      className={fieldClassName}
    >
      <textarea
        {...rest}
        id={ids.inputId}
        rows={rows}
        disabled={disabled}
        className={clsx(styles.input, styles.textarea, className)}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldShell>
  );
}
