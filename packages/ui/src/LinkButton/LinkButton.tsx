import { clsx } from 'clsx';
import { button } from '../Button/Button.css.ts';
import type { ButtonSize, ButtonVariant } from '../Button/Button.tsx';
import { NavAnchor, type NavAnchorProps } from '../Link/Link.tsx';
import * as styles from './LinkButton.css.ts';

export interface LinkButtonProps extends NavAnchorProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/**
 * A call to action that navigates (Buy a plan, Download, Log in and join): a link, so assistive
 * technology announces it as one, that looks like the kit's Button. Like Link it goes through
 * the app's router link; `external` opens another site in a new tab.
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
  ...rest
}: LinkButtonProps) {
  return (
    <NavAnchor
      className={clsx(button({ variant, size, fullWidth }), styles.linkButton, className)}
      {...rest}
    />
  );
}
