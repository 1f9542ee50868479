import { useTranslation } from '@nimbus/i18n';
import { Spinner } from '@nimbus/ui/spinner';
import * as styles from './PageLoading.css.ts';

/**
 * The placeholder while a page's first data loads (the guard has usually loaded the user already).
 */
export function PageLoading() {
  const { t } = useTranslation(['common']);
  return (
    <div className={styles.root}>
      <Spinner label={t('common:loading')} size="lg" />
    </div>
  );
}
