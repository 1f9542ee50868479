import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from '../console.css.ts';

/** Group buys in the console's navigation, for the roles that read orders. */
export function GroupsNavLink({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin-groups');
  if (!roleAllows(role, 'orders.read')) return null;
  return (
    <NavLink to="/groups" className={styles.navLink}>
      {t('nav_groups')}
    </NavLink>
  );
}
