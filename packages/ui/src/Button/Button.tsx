import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { clsx } from 'clsx';
import { circle as spinnerCircle } from '../Spinner/Spinner.css.ts';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './Button.css.ts';

export { buttonSizes, buttonVariants } from './Button.css.ts';
export type ButtonVariant = (typeof styles.buttonVariants)[number];
export type ButtonSize = (typeof styles.buttonSizes)[number];

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, sets aria-busy and ignores clicks; the button stays focusable. */
  loading?: boolean;
  /** Added to the button's name while loading, e.g. "Sending…". */
  loadingLabel?: string;
  /** An icon before the label; give it aria-hidden if it is decorative. */
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  loadingLabel,
  icon,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={clsx(styles.button({ variant, size, fullWidth }), className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      disabled={disabled}
      onClick={handleClick}
      {...rest}
    >
      <span className={clsx(styles.label, loading && styles.labelLoading)}>
        {icon}
        {children}
      </span>
      {loading && (
        <span className={styles.spinnerOverlay} aria-hidden="true">
          <span className={spinnerCircle({ size: 'sm' })} />
        </span>
      )}
      {loading && loadingLabel && (
        <>
          {' '}
          <span className={visuallyHidden}>{loadingLabel}</span>
        </>
      )}
    </button>
  );
}
