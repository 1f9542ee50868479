import type { CryptoNetworkConfig } from '@nimbus/api-sdk/contract';
import type { WalletSelection } from '@nimbus/domain/crypto-payment';
import { useTranslation } from '@nimbus/i18n';
import * as page from '../../styles/page.css.ts';

/** Steps 1 and 2 of the crypto page: the network, then one of its tokens. */
export function CryptoChoice({
  networks,
  selection,
  error,
  disabled,
  onNetwork,
  onToken,
}: {
  networks: readonly CryptoNetworkConfig[];
  selection: WalletSelection;
  /** The refused selection's text, already translated. */
  error: string | null;
  disabled: boolean;
  onNetwork: (network: string) => void;
  onToken: (token: string) => void;
}) {
  const { t } = useTranslation(['crypto']);
  const network = networks.find((n) => String(n.chainId) === selection.network);
  return (
    <>
      <label className={page.stack}>
        <span className={page.tileTitle}>{t('crypto:step_network')}</span>
        <select
          value={selection.network ?? ''}
          onChange={(e) => onNetwork(e.target.value)}
          disabled={disabled}
          aria-label={t('crypto:network_label')}
        >
          <option value="" disabled>
            {t('crypto:network_placeholder')}
          </option>
          {networks.map((n) => (
            <option key={n.chainId} value={String(n.chainId)}>
              {n.name}
            </option>
          ))}
        </select>
      </label>
      <label className={page.stack}>
        <span className={page.tileTitle}>{t('crypto:step_token')}</span>
        <select
          value={selection.token ?? ''}
          onChange={(e) => onToken(e.target.value)}
          disabled={disabled}
          aria-label={t('crypto:token_label')}
          aria-describedby={error ? 'selection-error' : undefined}
        >
          <option value="" disabled>
            {selection.network ? t('crypto:token_placeholder') : t('crypto:choose_network_first')}
          </option>
          {(network?.tokens ?? []).map((tk) => (
            <option key={tk.symbol} value={tk.symbol}>
              {tk.symbol}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p id="selection-error" className={page.errorText} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
