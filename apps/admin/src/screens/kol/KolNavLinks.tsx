import { roleAllows, type OperatorRole } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { NavLink } from 'react-router';
import * as styles from '../console.css.ts';

/** Finance's screens in the console's navigation: only those the operator's role may open. */
export function KolNavLinks({ role }: { role: OperatorRole }) {
  const { t } = useTranslation('admin-kol');
  return (
    <>
      {roleAllows(role, 'kol.manage') && (
        <NavLink to="/kol" className={styles.navLink}>
          {t('nav_kol')}
        </NavLink>
      )}
    </>
  );
}
