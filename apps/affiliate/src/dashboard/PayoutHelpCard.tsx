import { useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { LinkButton } from '@nimbus/ui/link-button';
import { SUPPORT_AFFILIATE_PATH } from '../paths.ts';
import * as styles from './dashboard.css.ts';

/**
 * A KOL's way to support about payouts: the account centre's ticket form with the affiliate
 * category chosen, so the ticket reaches finance with the KOL's records beside it.
 */
export function PayoutHelpCard() {
  const { t } = useTranslation(['kol']);
  return (
    <Card
      title={t('kol:payout_help_title')}
      actions={
        <LinkButton href={SUPPORT_AFFILIATE_PATH} size="sm">
          {t('kol:payout_help_action')}
        </LinkButton>
      }
    >
      <p className={styles.note}>{t('kol:payout_help_text')}</p>
    </Card>
  );
}
