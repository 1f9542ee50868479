import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { CloseIcon } from '../icons/icons.tsx';
import type { LinkComponent } from '../Link/Link.tsx';
import * as styles from './Header.css.ts';
import { HeaderLink } from './HeaderLink.tsx';
import { SessionActions } from './SessionActions.tsx';
import type { HeaderSession, NavLink } from './types.ts';

export interface HeaderDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  navLabel: string;
  links: readonly NavLink[];
  more: { label: string; links: readonly NavLink[] } | undefined;
  session: HeaderSession;
  languageSwitcher: ReactNode;
  menuLabel: string;
  closeMenuLabel: string;
  currentHref: string | undefined;
  linkComponent: LinkComponent;
  externalLabel: string | undefined;
}

/**
 * The header's phone menu: a modal dialog (focus trapped, Esc closes, focus returns to the menu
 * button). A lazy chunk of the Header.
 */
export default function HeaderDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  navLabel,
  links,
  more,
  session,
  languageSwitcher,
  menuLabel,
  closeMenuLabel,
  currentHref,
  linkComponent,
  externalLabel,
}: HeaderDrawerProps) {
  const close = () => onOpenChange(false);
  const linkProps = { linkComponent, externalLabel };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.drawerOverlay} />
        <RadixDialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // No Radix trigger (the button is in the Header's chunk): focus it here.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
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
  );
}
