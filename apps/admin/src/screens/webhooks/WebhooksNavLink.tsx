import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from '../console.css.ts';

/** Webhooks in the console's navigation, for admins (`webhooks.manage`). */
export function WebhooksNavLink({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin-webhooks');
  if (!roleAllows(role, 'webhooks.manage')) return null;
  return (
    <NavLink to="/webhooks" className={styles.navLink}>
      {t('nav_webhooks')}
    </NavLink>
  );
}
