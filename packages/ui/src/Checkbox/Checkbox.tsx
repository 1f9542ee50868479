import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { clsx } from 'clsx';
import * as styles from './Checkbox.css.ts';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  /** The label; may contain links (e.g. "I agree to the <a>User Agreement</a>"). */
  children: ReactNode;
  /** A validation message, e.g. "Please agree to the User Agreement and Privacy Policy". */
  error?: ReactNode;
}

/**
 * A native checkbox beside its label. The label is a sibling (not a wrapper) so clicking a link
 * inside it follows the link instead of toggling the box.
 */
export function Checkbox({ children, error, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  const invalid = error != null && error !== false && error !== '';
  const errorId = `${inputId}-error`;
  return (
    <div className={clsx(styles.root, className)}>
      <div className={styles.row}>
        <input
          {...rest}
          id={inputId}
          type="checkbox"
          className={styles.input}
          aria-invalid={invalid || undefined}
          aria-describedby={clsx(rest['aria-describedby'], invalid && errorId) || undefined}
        />
        <label htmlFor={inputId} className={styles.label}>
          {children}
        </label>
      </div>
      <div aria-live="polite">
        {invalid && (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
