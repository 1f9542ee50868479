import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from './console.css.ts';

/** The set-up screens in the console's navigation: only those the operator's role may open. */
export function SetupNavLinks({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin-setup');
  return (
    <>
      {roleAllows(role, 'settings.manage') && (
        <NavLink to="/plans" className={styles.navLink}>
          {t('nav_plans')}
        </NavLink>
      )}
      {roleAllows(role, 'settings.manage') && (
        <NavLink to="/benefits" className={styles.navLink}>
          {t('nav_benefits')}
        </NavLink>
      )}
      {roleAllows(role, 'settings.manage') && (
        <NavLink to="/settings" className={styles.navLink}>
          {t('nav_settings')}
        </NavLink>
      )}
      {roleAllows(role, 'notices.manage') && (
        <NavLink to="/notices" className={styles.navLink}>
          {t('nav_notices')}
        </NavLink>
      )}
      {roleAllows(role, 'codes.manage') && (
        <>
          <NavLink to="/promo-codes" className={styles.navLink}>
            {t('nav_promo_codes')}
          </NavLink>
          <NavLink to="/redeem-codes" className={styles.navLink}>
            {t('nav_redeem_codes')}
          </NavLink>
        </>
      )}
    </>
  );
}
