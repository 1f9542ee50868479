import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import * as styles from './Field.css.ts';
import { FieldShell, useFieldFrame, type FieldFrameProps } from './FieldShell.tsx';

export interface TextAreaFieldProps extends ComponentPropsWithRef<'textarea'>, FieldFrameProps {}

/** A multi-line text field with the same label, hint and error layout as TextField. */
export function TextAreaField({ className, rows = 4, ...props }: TextAreaFieldProps) {
  const [frame, control] = useFieldFrame(props);
  return (
    <FieldShell {...frame}>
      <textarea
        {...control}
        rows={rows}
        className={clsx(styles.input, styles.textarea, className)}
      />
    </FieldShell>
  );
}
