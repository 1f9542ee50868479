import type { ReactNode } from 'react';
import { RoutedLink } from '@nimbus/ui/link';
import * as styles from './LinkButton.css.ts';

/**
 * A call to action that navigates (Buy a plan, Start a group): a link that looks like the kit's
 * primary button. The app's link component decides between the router (a page of this app) and
 * a full page load (/pricing belongs to the marketing site).
 */
export function LinkButton({
  href,
  size = 'md',
  children,
}: {
  href: string;
  size?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <RoutedLink href={href} className={styles.linkButton[size]}>
      {children}
    </RoutedLink>
  );
}
