import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import * as page from '../../styles/page.css.ts';

/** Step 3 of the crypto page: connect the browser wallet, then show its address. */
export function WalletStep({
  address,
  connecting,
  onConnect,
}: {
  address: string | null;
  connecting: boolean;
  onConnect: () => void;
}) {
  const { t } = useTranslation(['crypto']);
  return (
    <div className={page.stack}>
      <span className={page.tileTitle}>{t('crypto:step_wallet')}</span>
      {address ? (
        <p className={page.mono}>{t('crypto:wallet_connected', { address })}</p>
      ) : (
        <Button variant="secondary" onClick={onConnect} loading={connecting}>
          {connecting ? t('crypto:connecting') : t('crypto:connect_wallet')}
        </Button>
      )}
    </div>
  );
}
