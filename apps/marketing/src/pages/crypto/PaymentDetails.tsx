import type { CryptoPayment } from '@nimbus/api-sdk/contract';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { Spinner } from '@nimbus/ui/spinner';
import { formatUnits } from 'viem';
import * as page from '../../styles/page.css.ts';
import type { CryptoPayState } from './crypto-pay-state.ts';

/**
 * Step 4 of the crypto page: the order, recipient and exact amount, the pay button, then the
 * wallet's and the chain's progress with the transaction hash.
 */
export function PaymentDetails({
  details,
  phase,
  txHash,
  explorer,
  onPay,
}: {
  details: CryptoPayment;
  phase: CryptoPayState['phase'];
  txHash: string | null;
  explorer: string | null;
  onPay: () => void;
}) {
  const { t } = useTranslation(['crypto', 'common']);
  const amount = formatUnits(BigInt(details.amount), details.token.decimals);
  return (
    <div className={page.stack}>
      <div>
        <div className={page.summaryRow}>
          <span>{t('crypto:order')}</span>
          <span className={page.mono}>{details.reference}</span>
        </div>
        <div className={page.summaryRow}>
          <span>{t('crypto:recipient')}</span>
          <span className={page.mono}>{details.recipient}</span>
        </div>
        <div className={page.summaryRow}>
          <span>{t('crypto:amount')}</span>
          <strong>
            {amount} {details.token.symbol}
          </strong>
        </div>
      </div>
      <p className={page.notice}>{t('crypto:exact_amount_warning')}</p>
      {phase === 'choose' && (
        <Button size="lg" fullWidth onClick={onPay}>
          {t('crypto:pay_button', { amount, token: details.token.symbol })}
        </Button>
      )}
      {phase === 'paying' && <Spinner label={t('crypto:confirm_in_wallet')} showLabel />}
      {phase === 'confirming' && (
        <div className={page.stack} role="status">
          <Spinner label={t('crypto:awaiting_confirmation')} showLabel />
          <p className={page.text}>{t('crypto:keep_page_open')}</p>
        </div>
      )}
      {txHash && (
        <p className={page.text}>
          {t('crypto:tx_hash')}: <span className={page.mono}>{txHash}</span>
          {explorer && (
            <>
              {' '}
              ·{' '}
              <Link href={explorer} external>
                {t('crypto:view_on_explorer')}
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
