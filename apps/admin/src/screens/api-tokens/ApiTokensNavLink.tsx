import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from '../console.css.ts';

/** API tokens in the console's navigation, for admins (`operators.manage`). */
export function ApiTokensNavLink({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin');
  if (!roleAllows(role, 'operators.manage')) return null;
  return (
    <NavLink to="/api-tokens" className={styles.navLink}>
      {t('nav_api_tokens')}
    </NavLink>
  );
}
