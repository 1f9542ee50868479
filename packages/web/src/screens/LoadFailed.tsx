import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import * as styles from './LoadFailed.css.ts';

/** In place of a list that failed to load: the reason is already a toast; this offers a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['common']);
  return (
    <div className={styles.root} role="alert">
      <p className={styles.text}>{t('common:error_subtitle')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common:button_retry')}
      </Button>
    </div>
  );
}
