import type { ComponentPropsWithRef } from 'react';
import { clsx } from 'clsx';
import * as styles from './Badge.css.ts';

export { badgeTones } from './Badge.css.ts';
export type BadgeTone = (typeof styles.badgeTones)[number];

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  tone?: BadgeTone;
  /** A filled badge for emphasis ("Most popular"); brand, success and danger only. */
  solid?: boolean;
}

/** A short label such as "Save 40%" or "Most popular". */
export function Badge({ tone = 'neutral', solid = false, className, ...rest }: BadgeProps) {
  return <span className={clsx(styles.badge({ tone, solid }), className)} {...rest} />;
}

export type StatusTagProps = ComponentPropsWithRef<'span'> & { tone?: BadgeTone };

/**
 * A state such as "Paid", "Unsettled" or "Finished". The colour dot is decoration: the text
 * carries the meaning, so it is never colour alone (WCAG 1.4.1).
 */
export function StatusTag({ tone = 'neutral', className, children, ...rest }: StatusTagProps) {
  return (
    <span className={clsx(styles.statusTag({ tone }), className)} {...rest}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </span>
  );
}
