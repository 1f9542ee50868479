import { Main } from '@nimbus/ui/main';
import { useWebApp } from '../app/web-app-context.tsx';
import { Outlet, useLocation } from 'react-router';
import { SectionNav } from './SectionNav.tsx';
import * as styles from './UserLayout.css.ts';

/**
 * The account centre's frame inside the site layout: section navigation beside (or above) the page,
 * which is the main landmark. Shared by the account centre and the KOL dashboard (/user/kol, an
 * app of its own that the spec shows inside the user layout).
 */
export function UserLayout() {
  const { basename } = useWebApp();
  const { pathname } = useLocation();
  const fullPath = `${basename.replace(/\/+$/, '')}${pathname === '/' ? '' : pathname}`;
  return (
    <div className={styles.frame}>
      <SectionNav pathname={fullPath} />
      <Main className={styles.content}>
        <Outlet />
      </Main>
    </div>
  );
}
