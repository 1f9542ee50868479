import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from '../console.css.ts';

/** The support queue in the console's navigation, for support, finance and admins. */
export function TicketsNavLink({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin');
  if (!roleAllows(role, 'tickets.manage')) return null;
  return (
    <NavLink to="/tickets" className={styles.navLink}>
      {t('nav_tickets')}
    </NavLink>
  );
}
