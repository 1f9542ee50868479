import type { CryptoPayment } from '@nimbus/api-sdk/contract';
import {
  useLoginState,
  usePaymentCryptoDetails,
  usePaymentCryptoSubmit,
  usePaymentOrderStatus,
  usePaymentPurchase,
  usePaymentShop,
  useSystemClientConfig,
} from '@nimbus/api-sdk/react';
import { validateWalletSelection } from '@nimbus/domain/crypto-payment';
import { explorerTxUrl } from '@nimbus/domain/explorer-link';
import { parseProductId } from '@nimbus/domain/product-id';
import { formatMoney, prepareNumberFormatting, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { Spinner } from '@nimbus/ui/spinner';
import { loginUrl } from '@nimbus/web';
import { useMemo, useReducer, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import * as page from '../../styles/page.css.ts';
import { useValidationText } from '../../components/validation-text.ts';
import { CryptoChoice } from './CryptoChoice.tsx';
import { CryptoPaid } from './CryptoPaid.tsx';
import { cryptoPayReducer, currentStep, INITIAL_CRYPTO_PAY } from './crypto-pay-state.ts';
import { CryptoUnavailable } from './CryptoUnavailable.tsx';
import { PaymentDetails } from './PaymentDetails.tsx';
import { WalletStep } from './WalletStep.tsx';
import { classifyWalletError, type WalletFailure } from './wallet-errors.ts';

// The page shows prices: ICU's number data loads now, in a task apart from the render.
prepareNumberFormatting();

const FAILURE_TEXT = {
  wallet_not_found: 'crypto:error_wallet_not_found',
  connection_failed: 'crypto:error_connection_failed',
  wrong_network: 'crypto:error_wrong_network',
  rejected: 'crypto:error_rejected',
  insufficient_balance: 'crypto:error_insufficient_balance',
  tx_failed: 'crypto:error_tx_failed',
  wallet_not_connected: 'crypto:error_wallet_not_connected',
} as const satisfies Record<WalletFailure, string>;

/**
 * /crypto-pay/:productId: choose a network, then a token, connect the browser wallet, pay the
 * exact amount to the recipient (native coin or ERC-20 transfer), submit the hash, and wait for
 * the server to see the transfer confirmed on chain. Every failure in plain words. The page's
 * own state is one reducer (crypto-pay-state.ts); the steps are small views beside this file.
 */
export default function CryptoPayPage() {
  const { t } = useTranslation(['crypto', 'pricing', 'common']);
  const language = useLanguage();
  const validationText = useValidationText();
  const { productId = '' } = useParams();
  const [search] = useSearchParams();
  const promo = search.get('promo');
  const loginState = useLoginState();
  const shop = usePaymentShop({});
  const config = useSystemClientConfig({});
  const purchase = usePaymentPurchase();
  const submitHash = usePaymentCryptoSubmit();

  const idValid = parseProductId(productId).ok;
  const plan = shop.data?.items.find((p) => p.productId === productId);
  const networks = useMemo(() => config.data?.crypto.networks ?? [], [config.data]);
  // Crypto is taken only when networks are configured and the operator's switch is on: the client
  // config then offers the method (and names the networks).
  const cryptoOffered =
    config.data !== undefined &&
    config.data.paymentMethods.includes('crypto') &&
    networks.length > 0;

  const [state, dispatch] = useReducer(cryptoPayReducer, INITIAL_CRYPTO_PAY);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const { selection, wallet, address, orderId, phase, failure, txHash } = state;
  const network = networks.find((n) => String(n.chainId) === selection.network);
  const token = network?.tokens.find((tk) => tk.symbol === selection.token);

  const details = usePaymentCryptoDetails(
    { orderId: orderId ?? '', chainId: network?.chainId ?? 0, token: token?.symbol ?? '' },
    { enabled: orderId !== null && network !== undefined && token !== undefined },
  );
  const order = usePaymentOrderStatus(
    { orderId: orderId ?? '' },
    {
      enabled: orderId !== null && phase === 'confirming',
      refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : 2000),
    },
  );
  const paid = order.data?.status === 'paid';

  const nativeSymbolOf = (chainId: number) =>
    networks.find((n) => n.chainId === chainId)?.tokens.find((tk) => tk.address === null)?.symbol ??
    'ETH';

  const connectWallet = async () => {
    dispatch({ type: 'connect_started' });
    try {
      // The wallet libraries (wagmi, viem) load when the visitor connects, not with the page.
      const created =
        wallet ??
        (await import('./wallet.ts')).createWallet(
          networks.map((n) => ({
            chainId: n.chainId,
            name: n.name,
            nativeSymbol: nativeSymbolOf(n.chainId),
          })),
        );
      if (!created) {
        dispatch({ type: 'failed', failure: 'wallet_not_found' });
        return;
      }
      dispatch({ type: 'wallet_found', wallet: created });
      dispatch({ type: 'connected', address: await created.connect() });
    } catch (error) {
      dispatch({ type: 'failed', failure: classifyWalletError(error, 'connection_failed') });
    } finally {
      dispatch({ type: 'connect_ended' });
    }
  };

  const pay = async (payment: CryptoPayment) => {
    if (!wallet || !address) {
      dispatch({ type: 'failed', failure: 'wallet_not_connected' });
      return;
    }
    dispatch({ type: 'pay_started' });
    try {
      const hash = await wallet.pay({
        chainId: payment.network.chainId,
        recipient: payment.recipient as `0x${string}`,
        amount: BigInt(payment.amount),
        tokenAddress: payment.token.address as `0x${string}` | null,
      });
      dispatch({ type: 'tx_sent', hash });
      await wallet.waitForReceipt(payment.network.chainId, hash);
      dispatch({ type: 'tx_mined' });
      await submitHash.mutateAsync({
        orderId: payment.orderId,
        chainId: payment.network.chainId,
        txHash: hash,
      });
    } catch (error) {
      dispatch({ type: 'pay_failed', failure: classifyWalletError(error, 'tx_failed') });
    }
  };

  const prepare = async () => {
    const checked = validateWalletSelection(selection);
    if (!checked.ok) {
      dispatch({ type: 'selection_refused', error: checked.error });
      return;
    }
    if (!address) {
      dispatch({ type: 'failed', failure: 'wallet_not_connected' });
      return;
    }
    if (orderId) return;
    const created = await purchase
      .mutateAsync({
        productId,
        paymentMethod: 'crypto',
        idempotencyKey,
        ...(promo ? { promoCode: promo } : {}),
      })
      .catch(() => undefined);
    if (created) dispatch({ type: 'order_created', orderId: created.orderId });
  };

  if (!idValid || (shop.isSuccess && !plan)) {
    return (
      <main className={page.section}>
        <div className={page.narrow}>
          <h1 className={page.pageTitle}>{t('crypto:title')}</h1>
          <p className={page.notice} role="alert">
            {t('pricing:invalid_product')}
          </p>
          <Link href="/pricing">{t('crypto:back_to_pricing')}</Link>
        </div>
      </main>
    );
  }

  const explorer = explorerTxUrl(network?.explorerTxUrl, txHash);

  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>{t('crypto:title')}</h1>
        {cryptoOffered && <p className={page.lead}>{t('crypto:subtitle')}</p>}
        {plan && (
          <p className={`${page.text} ${page.mtMd}`}>
            {plan.name} · <strong>{formatMoney(plan.priceMinor, plan.currency, language)}</strong>
          </p>
        )}

        {config.isPending ? (
          <div className={page.pendingBlock}>
            <Spinner label={t('common:loading')} showLabel />
          </div>
        ) : config.isError ? (
          <div className={page.formCard}>
            <p className={page.errorText} role="alert">
              {t('crypto:config_failed')}
            </p>
            <Button variant="secondary" onClick={() => void config.refetch()}>
              {t('common:button_retry')}
            </Button>
          </div>
        ) : !cryptoOffered ? (
          <CryptoUnavailable productId={productId} methods={config.data?.paymentMethods ?? []} />
        ) : loginState === 'loggedOut' ? (
          <div className={page.formCard}>
            <LinkButton href={loginUrl(`/crypto-pay/${productId}`)} size="lg">
              {t('pricing:login_to_pay')}
            </LinkButton>
          </div>
        ) : paid ? (
          <CryptoPaid orderId={orderId ?? ''} explorer={explorer} />
        ) : (
          <div className={page.formCard}>
            <p className={page.text}>
              {t('crypto:step_of', { current: currentStep(state), total: 4 })}
            </p>
            <CryptoChoice
              networks={networks}
              selection={selection}
              error={state.selectionError && validationText(state.selectionError)}
              disabled={phase !== 'choose'}
              onNetwork={(value) => dispatch({ type: 'network_chosen', network: value })}
              onToken={(value) => dispatch({ type: 'token_chosen', token: value })}
            />
            <WalletStep
              address={address}
              connecting={state.connecting}
              onConnect={() => void connectWallet()}
            />
            {!orderId ? (
              <Button
                size="lg"
                fullWidth
                onClick={() => void prepare()}
                loading={purchase.isPending}
              >
                {t('crypto:step_pay')}
              </Button>
            ) : details.isPending ? (
              <Spinner label={t('common:loading')} showLabel />
            ) : details.data ? (
              <PaymentDetails
                details={details.data}
                phase={phase}
                txHash={txHash}
                explorer={explorer}
                onPay={() => void pay(details.data)}
              />
            ) : (
              <p className={page.errorText} role="alert">
                {t('crypto:error_details_failed')}
              </p>
            )}
            {failure && (
              <p className={page.errorText} role="alert">
                {failure === 'wrong_network'
                  ? t(FAILURE_TEXT[failure], { network: network?.name ?? '' })
                  : t(FAILURE_TEXT[failure])}
              </p>
            )}
          </div>
        )}
        <p className={page.mtXl}>
          <Link href="/pricing">{t('crypto:back_to_pricing')}</Link>
        </p>
      </div>
    </main>
  );
}
