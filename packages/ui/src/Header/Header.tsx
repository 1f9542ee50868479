import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { MenuIcon } from '../icons/icons.tsx';
import { RoutedLink, useLinkComponent, type LinkComponent } from '../Link/Link.tsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './Header.css.ts';
import { HeaderLink } from './HeaderLink.tsx';
import { MoreMenu } from './MoreMenu.tsx';
import { SessionActions } from './SessionActions.tsx';
import type { HeaderSession, NavLink } from './types.ts';

export interface HeaderProps {
  /** The logo (image with empty alt, or text). */
  brand: ReactNode;
  /**
   * Where the logo link goes, e.g. "Home": announced after the visible brand ("Nimbus, Home"), so
   * the accessible name starts with what is seen (WCAG 2.5.3).
   */
  brandLabel: string;
  brandHref?: string;
  /** Names the navigation landmark, e.g. "Main". */
  navLabel: string;
  /** Home, pricing, group buying, download, affiliate… */
  links: readonly NavLink[];
  /** The "More" group: blog, status, GitHub mirrors… */
  more?: { label: string; links: readonly NavLink[] };
  /** Logged-out: sign up + log in; logged-in: my account + log out. */
  session: HeaderSession;
  /** A LanguageSwitcher, shown in the bar and in the drawer. */
  languageSwitcher?: ReactNode;
  /** Name of the mobile menu button and drawer, e.g. "Menu". */
  menuLabel: string;
  /** The open menu's title ("Menu"); the button's label ("Open menu") when not given. */
  menuTitle?: string;
  closeMenuLabel: string;
  /** The current path, marked aria-current. */
  currentHref?: string;
  /** e.g. "(opens in a new tab)". */
  externalLabel?: string;
  /** The app's router link; defaults to LinkComponentProvider's or a plain anchor. */
  linkComponent?: LinkComponent;
  className?: string;
}

const loadDrawer = () => import('./HeaderDrawer.tsx');
const HeaderDrawer = lazy(loadDrawer);
const preloadDrawer = () => void loadDrawer();

/**
 * The site header: the main links and More in the bar from 1024 px (where they fit in either
 * language with every optional link; the language switch is an icon there); below, a menu button (aria-expanded) opening a drawer that
 * is a modal dialog (focus trapped, Esc closes, focus returns) with all of them. The language
 * switch and the session actions stay in the bar down to 960 px, then go into the drawer. The drawer
 * and its dialog code (Radix, about 10 KB gzip) are a chunk of their own, loaded when the button
 * is pointed at, focused or pressed: a first visit does not download them.
 */
export function Header({
  brand,
  brandLabel,
  brandHref = '/',
  navLabel,
  links,
  more,
  session,
  languageSwitcher,
  menuLabel,
  menuTitle,
  closeMenuLabel,
  currentHref,
  externalLabel,
  linkComponent,
  className,
}: HeaderProps) {
  const RouterLink = useLinkComponent(linkComponent);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Rendered from the first press on (kept mounted after, so it closes with its animation).
  const [drawerWanted, setDrawerWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const linkProps = { linkComponent: RouterLink, externalLabel };

  return (
    <header className={clsx(styles.header, className)}>
      <div className={styles.bar}>
        {/*
          The visible brand stays in the accessible name (WCAG 2.5.3, label in name); the label
          follows it.
        */}
        <RoutedLink linkComponent={RouterLink} href={brandHref} className={styles.brand}>
          {brand}
          <span className={visuallyHidden}>{`, ${brandLabel}`}</span>
        </RoutedLink>

        <nav aria-label={navLabel} className={clsx(styles.nav, styles.barOnly)}>
          <ul className={styles.navList}>
            {links.map((link) => (
              <li key={link.href}>
                <HeaderLink
                  link={link}
                  className={styles.navLink}
                  current={link.href === currentHref}
                  {...linkProps}
                />
              </li>
            ))}
            {more && (
              <li>
                <MoreMenu label={more.label} links={more.links} {...linkProps} />
              </li>
            )}
          </ul>
        </nav>

        <div className={styles.actions}>
          {languageSwitcher && (
            <div className={clsx(styles.desktopOnly, styles.iconSwitch)}>{languageSwitcher}</div>
          )}
          <div className={clsx(styles.actions, styles.desktopOnly)}>
            <SessionActions session={session} {...linkProps} />
          </div>
          <button
            ref={menuButton}
            type="button"
            className={clsx(styles.menuButton, styles.menuOnly)}
            aria-label={menuLabel}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon />
          </button>
          {drawerWanted && (
            <Suspense fallback={null}>
              <HeaderDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                returnFocusTo={menuButton}
                navLabel={navLabel}
                links={links}
                more={more}
                session={session}
                languageSwitcher={languageSwitcher}
                menuLabel={menuTitle ?? menuLabel}
                closeMenuLabel={closeMenuLabel}
                currentHref={currentHref}
                {...linkProps}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
