import { useId, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { HeaderLink } from '../Header/HeaderLink.tsx';
import type { NavLink } from '../Header/types.ts';
import { useLinkComponent, type LinkComponent } from '../Link/Link.tsx';
import * as styles from './Footer.css.ts';

export interface FooterColumn {
  /**
   * e.g. "Legal" (terms, privacy, canary), "Help" (FAQ, announcements, student discount, plans),
   * "Navigation".
   */
  title: string;
  links: readonly NavLink[];
}

export interface FooterProps {
  columns: readonly FooterColumn[];
  /** Logo and a short line about the service. */
  brand?: ReactNode;
  /** e.g. "© 2025 Nimbus". */
  copyright?: ReactNode;
  /** A LanguageSwitcher. */
  languageSwitcher?: ReactNode;
  externalLabel?: string;
  linkComponent?: LinkComponent;
  className?: string;
}

/** The site footer: each link column is a navigation landmark named by its heading. */
export function Footer({
  columns,
  brand,
  copyright,
  languageSwitcher,
  externalLabel,
  linkComponent,
  className,
}: FooterProps) {
  const RouterLink = useLinkComponent(linkComponent);
  const baseId = useId();
  return (
    <footer className={clsx(styles.footer, className)}>
      <div className={styles.inner}>
        <div className={styles.top}>
          {brand && <div className={styles.brand}>{brand}</div>}
          {columns.map((column, index) => {
            const headingId = `${baseId}-${index}`;
            return (
              <nav key={column.title} aria-labelledby={headingId}>
                <h2 id={headingId} className={styles.columnTitle}>
                  {column.title}
                </h2>
                <ul className={styles.list}>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <HeaderLink
                        link={link}
                        className={styles.link}
                        linkComponent={RouterLink}
                        externalLabel={externalLabel}
                      />
                    </li>
                  ))}
                </ul>
              </nav>
            );
          })}
        </div>
        {(copyright || languageSwitcher) && (
          <div className={styles.bottom}>
            <span>{copyright}</span>
            {languageSwitcher}
          </div>
        )}
      </div>
    </footer>
  );
}
