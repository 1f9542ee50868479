import { useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { LinkButton } from '@nimbus/web/screens';
import * as styles from './dashboard.css.ts';

/**
 * For a user who is not a KOL: the spec's "You're not a KOL yet" and the way to the affiliate
 * programme.
 */
export function NotKol() {
  const { t } = useTranslation(['kol']);
  return (
    <Card tone="muted" padding="lg">
      <h2 className={styles.notKolTitle}>{t('kol:not_kol')}</h2>
      <p className={styles.note}>{t('kol:not_kol_body')}</p>
      <div>
        <LinkButton href="/affiliate">{t('kol:go_affiliate')}</LinkButton>
      </div>
    </Card>
  );
}
