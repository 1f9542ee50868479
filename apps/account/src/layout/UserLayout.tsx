import { useWebApp } from '@nimbus/web';
import { Outlet, useLocation } from 'react-router';
import { SectionNav } from './SectionNav';
import * as styles from './UserLayout.css';

/** The account centre's frame inside the site layout: section navigation beside (or above) the page. */
export function UserLayout() {
  const { basename } = useWebApp();
  const { pathname } = useLocation();
  const fullPath = `${basename.replace(/\/+$/, '')}${pathname === '/' ? '' : pathname}`;
  return (
    <div className={styles.frame}>
      <SectionNav pathname={fullPath} />
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
