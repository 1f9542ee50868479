import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { CloseIcon, MenuIcon } from '../icons/icons.tsx';
import { RoutedLink, useLinkComponent, type LinkComponent } from '../Link/Link.tsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './Header.css.ts';
import { HeaderLink } from './HeaderLink.tsx';
import { MoreMenu } from './MoreMenu.tsx';
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
  closeMenuLabel: string;
  /** The current path, marked aria-current. */
  currentHref?: string;
  /** e.g. "(opens in a new tab)". */
  externalLabel?: string;
  /** The app's router link; defaults to LinkComponentProvider's or a plain anchor. */
  linkComponent?: LinkComponent;
  className?: string;
}

/**
 * The site header: desktop navigation above 960 px; at or below, a menu button (aria-expanded)
 * opening a drawer that is a modal dialog (focus trapped, Esc closes, focus returns).
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
  closeMenuLabel,
  currentHref,
  externalLabel,
  linkComponent,
  className,
}: HeaderProps) {
  const RouterLink = useLinkComponent(linkComponent);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);
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

        <nav aria-label={navLabel} className={clsx(styles.nav, styles.desktopOnly)}>
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
          {languageSwitcher && <div className={styles.desktopOnly}>{languageSwitcher}</div>}
          <div className={clsx(styles.actions, styles.desktopOnly)}>
            <SessionActions session={session} {...linkProps} />
          </div>
          <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <RadixDialog.Trigger
              className={clsx(styles.menuButton, styles.mobileOnly)}
              aria-label={menuLabel}
            >
              <MenuIcon />
            </RadixDialog.Trigger>
            <RadixDialog.Portal>
              <RadixDialog.Overlay className={styles.drawerOverlay} />
              <RadixDialog.Content className={styles.drawer} aria-describedby={undefined}>
                <div className={styles.drawerTop}>
                  <RadixDialog.Title className={styles.brand}>{menuLabel}</RadixDialog.Title>
                  <RadixDialog.Close className={styles.navLink} aria-label={closeMenuLabel}>
                    <CloseIcon />
                  </RadixDialog.Close>
                </div>
                <nav aria-label={navLabel}>
                  <ul className={styles.drawerList}>
                    {links.map((link) => (
                      <li key={link.href}>
                        <HeaderLink
                          link={link}
                          className={styles.drawerLink}
                          current={link.href === currentHref}
                          onClick={close}
                          {...linkProps}
                        />
                      </li>
                    ))}
                  </ul>
                  {more && (
                    <>
                      <p className={styles.drawerGroupTitle} aria-hidden="true">
                        {more.label}
                      </p>
                      <ul className={styles.drawerList} aria-label={more.label}>
                        {more.links.map((link) => (
                          <li key={link.href}>
                            <HeaderLink
                              link={link}
                              className={styles.drawerLink}
                              onClick={close}
                              {...linkProps}
                            />
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </nav>
                {languageSwitcher}
                <div className={styles.drawerActions}>
                  <SessionActions session={session} onNavigate={close} {...linkProps} />
                </div>
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
        </div>
      </div>
    </header>
  );
}

function SessionActions({
  session,
  linkComponent,
  externalLabel,
  onNavigate,
}: {
  session: HeaderSession;
  linkComponent: LinkComponent;
  externalLabel: string | undefined;
  onNavigate?: () => void;
}) {
  const linkProps = {
    linkComponent,
    externalLabel,
    ...(onNavigate ? { onClick: onNavigate } : {}),
  };
  if (session.loggedIn) {
    return (
      <>
        <HeaderLink link={session.account} className={styles.navLink} {...linkProps} />
        <button
          type="button"
          className={styles.navLink}
          onClick={() => {
            onNavigate?.();
            session.onLogOut();
          }}
        >
          {session.logOutLabel}
        </button>
      </>
    );
  }
  return (
    <>
      <HeaderLink link={session.logIn} className={styles.navLink} {...linkProps} />
      <HeaderLink link={session.signUp} className={styles.primaryAction} {...linkProps} />
    </>
  );
}
