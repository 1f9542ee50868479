import type { ComponentPropsWithRef, ReactNode } from 'react';
import { clsx } from 'clsx';
import * as styles from './Field.css.ts';
import { FieldShell, useFieldIds, type FieldTextProps } from './FieldShell.tsx';

export interface TextFieldProps
  extends Omit<ComponentPropsWithRef<'input'>, 'size'>, FieldTextProps {
  /** Content inside the field box before the input. */
  start?: ReactNode;
  /** Content inside the field box after the input, e.g. a button. */
  end?: ReactNode;
  /** Class of the outer wrapper; `className` goes to the input. */
  fieldClassName?: string;
}

export function TextField({
  label,
  hideLabel,
  hint,
  error,
  start,
  end,
  fieldClassName,
  id,
  className,
  disabled,
  type = 'text',
  ...rest
}: TextFieldProps) {
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
      start={start}
      end={end}
    >
      <input
        {...rest}
        id={ids.inputId}
        type={type}
        disabled={disabled}
        className={clsx(styles.input, className)}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldShell>
  );
}
