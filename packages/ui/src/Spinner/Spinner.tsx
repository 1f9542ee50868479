import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './Spinner.css.ts';

export type SpinnerSize = (typeof styles.spinnerSizes)[number];
export { spinnerSizes } from './Spinner.css.ts';

export interface SpinnerProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** Read by screen readers, e.g. "Loading". */
  label: string;
  /** Shows the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
  size?: SpinnerSize;
}

/** A busy indicator with a status role, so its label is announced politely. */
export function Spinner({
  label,
  showLabel = false,
  size = 'md',
  className,
  ...rest
}: SpinnerProps) {
  return (
    <span role="status" className={clsx(styles.root, className)} {...rest}>
      <span aria-hidden="true" className={styles.circle({ size })} />
      <span className={showLabel ? undefined : visuallyHidden}>{label}</span>
    </span>
  );
}
