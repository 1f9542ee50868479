import { useId, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './Field.css.ts';

export interface FieldTextProps {
  /** The visible label (kept for screen readers when hideLabel is set). */
  label: ReactNode;
  hideLabel?: boolean;
  /** Help shown under the field and linked with aria-describedby. */
  hint?: ReactNode;
  /**
   * A validation message: marks the input aria-invalid and links the message with aria-describedby.
   */
  error?: ReactNode;
}

export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
}

/** The ids that tie a label, a hint and an error message to one input. */
export function useFieldIds(
  id: string | undefined,
  hint: ReactNode,
  error: ReactNode,
  extraDescribedBy?: string,
): FieldIds {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const invalid = error != null && error !== false && error !== '';
  const errorId = invalid ? `${inputId}-error` : undefined;
  const describedBy = [extraDescribedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy, invalid };
}

/** What every field takes besides its control's own attributes. */
export interface FieldFrameProps extends FieldTextProps {
  id?: string | undefined;
  disabled?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  /** Class of the outer wrapper; `className` goes to the control. */
  fieldClassName?: string | undefined;
}

/** The attributes the frame gives the control (its id, and its link to the hint and error). */
interface ControlLink {
  id: string;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Splits a field's props into the frame's (label, hint, error, wrapper class) and the control's
 * (everything else, with the id and aria attributes that tie it to its label, hint and error):
 * `<FieldShell {...frame}><select {...control} /></FieldShell>`.
 */
export function useFieldFrame<P extends FieldFrameProps>(
  props: P,
): [Omit<FieldShellProps, 'children'>, Omit<P, keyof FieldFrameProps> & ControlLink] {
  const { label, hideLabel, hint, error, fieldClassName, id, disabled, ...control } = props;
  const ids = useFieldIds(id, hint, error, props['aria-describedby']);
  const frame = { ids, label, hideLabel, hint, error, disabled, className: fieldClassName };
  return [
    frame,
    {
      ...control,
      id: ids.inputId,
      disabled,
      'aria-invalid': ids.invalid || undefined,
      'aria-describedby': ids.describedBy,
    } as Omit<P, keyof FieldFrameProps> & ControlLink,
  ];
}

interface FieldShellProps extends FieldTextProps {
  ids: FieldIds;
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** Rendered before the bordered box's input (e.g. the country select). */
  start?: ReactNode;
  /** Rendered after the input inside the bordered box (e.g. a show-password button). */
  end?: ReactNode;
  children: ReactNode;
}

/** Label, bordered control, hint and error laid out the same way for every text-like field. */
export function FieldShell({
  ids,
  label,
  hideLabel,
  hint,
  error,
  disabled,
  className,
  start,
  end,
  children,
}: FieldShellProps) {
  return (
    <div className={clsx(styles.field, className)}>
      <label htmlFor={ids.inputId} className={hideLabel ? visuallyHidden : styles.label}>
        {label}
      </label>
      <div
        className={styles.control}
        data-invalid={ids.invalid || undefined}
        data-disabled={disabled || undefined}
      >
        {start && <div className={styles.adornment}>{start}</div>}
        {children}
        {end && <div className={styles.adornment}>{end}</div>}
      </div>
      {hint && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div aria-live="polite">
        {ids.invalid && (
          <p id={ids.errorId} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
