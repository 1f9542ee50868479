import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import * as styles from './Field.css.ts';
import { FieldShell, useFieldFrame, type FieldFrameProps } from './FieldShell.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends ComponentPropsWithRef<'select'>, FieldFrameProps {
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose a network"); the field is then unset until one is picked. */
  placeholder?: string;
}

/**
 * A native select with the same label, hint and error layout as TextField: the platform's own
 * list (keyboard, screen readers and touch behave as users expect) in the kit's box.
 */
export function SelectField({ options, placeholder, className, ...props }: SelectFieldProps) {
  const [frame, control] = useFieldFrame(props);
  return (
    <FieldShell {...frame}>
      <select {...control} className={clsx(styles.input, styles.select, className)}>
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
