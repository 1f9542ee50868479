import type { PayoutWallet } from '@nimbus/api-sdk/contract';
import { payoutNetworkName } from '@nimbus/domain';
import { formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { DetailList } from '@nimbus/ui/detail-list';
import { LinkButton } from '@nimbus/ui/link-button';
import { WALLET_PATH } from '../paths.ts';
import * as styles from './dashboard.css.ts';

/** The wallet payouts go to now, and the way to change it. */
export function WalletCard({
  wallet,
  language,
}: {
  wallet: PayoutWallet | null;
  language: Language;
}) {
  const { t } = useTranslation(['kol']);
  return (
    <Card
      title={t('kol:wallet_title')}
      actions={
        <LinkButton href={WALLET_PATH} size="sm">
          {wallet ? t('kol:wallet_change') : t('kol:wallet_set')}
        </LinkButton>
      }
    >
      {wallet ? (
        <>
          <DetailList
            items={[
              {
                key: 'network',
                term: t('kol:wallet_network_label'),
                value: payoutNetworkName(wallet.network),
              },
              {
                key: 'address',
                term: t('kol:payout_address'),
                value: (
                  <span className={styles.mono} data-testid="kol-wallet-address">
                    {wallet.address}
                  </span>
                ),
              },
            ]}
          />
          <p className={styles.note}>
            {t('kol:wallet_updated', { date: formatDate(wallet.updatedAt, language) })}
          </p>
        </>
      ) : (
        <p className={styles.note}>{t('kol:payout_address_missing')}</p>
      )}
    </Card>
  );
}
