import type { LinkComponent } from '../Link/Link.tsx';
import * as styles from './Header.css.ts';
import { HeaderLink } from './HeaderLink.tsx';
import type { HeaderSession } from './types.ts';

/** Logged out: log in and sign up; logged in: my account and log out (bar and drawer). */
export function SessionActions({
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
