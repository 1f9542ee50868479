import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import * as styles from './Field.css.ts';
import { FieldShell, useFieldIds, type FieldTextProps } from './FieldShell.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends ComponentPropsWithRef<'select'>, FieldTextProps {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose a network"); the field is then unset until one is picked. */
  placeholder?: string;
  /** Class of the outer wrapper; `className` goes to the select. */
  fieldClassName?: string;
}

/**
 * A native select with the same label, hint and error layout as TextField: the platform's own
 * list (keyboard, screen readers and touch behave as users expect) in the kit's box.
 */
export function SelectField({
  label,
  hideLabel,
  hint,
  error,
  options,
  placeholder,
  fieldClassName,
  id,
  className,
  disabled,
  ...rest
}: SelectFieldProps) {
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
      <select
        {...rest}
        id={ids.inputId}
        disabled={disabled}
        className={clsx(styles.input, styles.select, className)}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
