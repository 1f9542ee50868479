import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from '../console.css.ts';

/** Nodes in the console's navigation, for admins (the role that manages settings). */
export function NodesNavLink({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin-nodes');
  if (!roleAllows(role, 'settings.manage')) return null;
  return (
    <NavLink to="/nodes" className={styles.navLink}>
      {t('nav_nodes')}
    </NavLink>
  );
}
