import type { ComponentPropsWithRef, ReactNode } from 'react';
import { clsx } from 'clsx';
import * as styles from './Field.css.ts';
import { FieldShell, useFieldFrame, type FieldFrameProps } from './FieldShell.tsx';

export interface TextFieldProps
  extends Omit<ComponentPropsWithRef<'input'>, 'size'>, FieldFrameProps {
  /** Content inside the field box before the input. */
  start?: ReactNode;
  /** Content inside the field box after the input, e.g. a button. */
  end?: ReactNode;
}

export function TextField({ start, end, className, type = 'text', ...props }: TextFieldProps) {
  const [frame, control] = useFieldFrame(props);
  return (
    <FieldShell {...frame} start={start} end={end}>
      <input {...control} type={type} className={clsx(styles.input, className)} />
    </FieldShell>
  );
}
