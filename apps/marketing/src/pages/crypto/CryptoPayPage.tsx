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
import {
  chooseNetwork,
  chooseToken,
  EMPTY_WALLET_SELECTION,
  validateWalletSelection,
  type WalletSelection,
} from '@nimbus/domain/crypto-payment';
import { explorerTxUrl } from '@nimbus/domain/explorer-link';
import { parseProductId } from '@nimbus/domain/product-id';
import { formatMoney, prepareNumberFormatting, useLanguage, useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { Spinner } from '@nimbus/ui/spinner';
import { loginUrl } from '@nimbus/web';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { formatUnits, type Hash } from 'viem';
import * as page from '../../styles/page.css.ts';
import { useValidationText } from '../../components/validation-text.ts';
import { CryptoUnavailable } from './CryptoUnavailable.tsx';
import type { Wallet } from './wallet.ts';
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

type Phase = 'choose' | 'paying' | 'confirming' | 'done';

/**
 * /crypto-pay/:productId: choose a network, then a token, connect the browser wallet, pay the
 * exact amount to the recipient (native coin or ERC-20 transfer), submit the hash, and wait for
 * the server to see the transfer confirmed on chain. Every failure in plain words.
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

  const [selection, setSelection] = useState<WalletSelection>(EMPTY_WALLET_SELECTION);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const network = networks.find((n) => String(n.chainId) === selection.network);
  const token = network?.tokens.find((tk) => tk.symbol === selection.token);

  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [failure, setFailure] = useState<WalletFailure | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [phase, setPhase] = useState<Phase>('choose');
  const [txHash, setTxHash] = useState<Hash | null>(null);

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
    setFailure(null);
    setConnecting(true);
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
        setFailure('wallet_not_found');
        return;
      }
      setWallet(created);
      setAddress(await created.connect());
    } catch (error) {
      setFailure(classifyWalletError(error, 'connection_failed'));
    } finally {
      setConnecting(false);
    }
  };

  const ensureOrder = async (): Promise<string> => {
    if (orderId) return orderId;
    const created = await purchase.mutateAsync({
      productId,
      paymentMethod: 'crypto',
      idempotencyKey,
      ...(promo ? { promoCode: promo } : {}),
    });
    setOrderId(created.orderId);
    return created.orderId;
  };

  const pay = async (payment: CryptoPayment) => {
    setFailure(null);
    if (!wallet || !address) {
      setFailure('wallet_not_connected');
      return;
    }
    setPhase('paying');
    try {
      const hash = await wallet.pay({
        chainId: payment.network.chainId,
        recipient: payment.recipient as `0x${string}`,
        amount: BigInt(payment.amount),
        tokenAddress: payment.token.address as `0x${string}` | null,
      });
      setTxHash(hash);
      await wallet.waitForReceipt(payment.network.chainId, hash);
      setPhase('confirming');
      await submitHash.mutateAsync({
        orderId: payment.orderId,
        chainId: payment.network.chainId,
        txHash: hash,
      });
    } catch (error) {
      setFailure(classifyWalletError(error, 'tx_failed'));
      setPhase('choose');
    }
  };

  const prepare = async () => {
    const checked = validateWalletSelection(selection);
    if (!checked.ok) {
      setSelectionError(validationText(checked.error));
      return;
    }
    if (!address) {
      setFailure('wallet_not_connected');
      return;
    }
    await ensureOrder().catch(() => undefined);
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
          <div className={page.formCard} role="status">
            <h2 className={page.tileTitle}>{t('crypto:success_title')}</h2>
            <p className={page.successBox}>{t('crypto:success_body')}</p>
            {explorer && (
              <p className={page.text}>
                <Link href={explorer} external>
                  {t('crypto:view_on_explorer')}
                </Link>
              </p>
            )}
            <Link href={`/purchased?orderId=${encodeURIComponent(orderId ?? '')}`}>
              {t('pricing:purchased_title')}
            </Link>
          </div>
        ) : (
          <div className={page.formCard}>
            <p className={page.text}>
              {t('crypto:step_of', {
                current: !selection.network ? 1 : !selection.token ? 2 : !address ? 3 : 4,
                total: 4,
              })}
            </p>
            <label className={page.stack}>
              <span className={page.tileTitle}>{t('crypto:step_network')}</span>
              <select
                value={selection.network ?? ''}
                onChange={(e) => {
                  setSelection(chooseNetwork(selection, e.target.value));
                  setSelectionError(null);
                  setOrderId((id) => id);
                }}
                disabled={phase !== 'choose'}
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
                onChange={(e) => {
                  const next = chooseToken(selection, e.target.value);
                  if (next.ok) setSelection(next.value);
                  setSelectionError(next.ok ? null : validationText(next.error));
                }}
                disabled={phase !== 'choose'}
                aria-label={t('crypto:token_label')}
                aria-describedby={selectionError ? 'selection-error' : undefined}
              >
                <option value="" disabled>
                  {selection.network
                    ? t('crypto:token_placeholder')
                    : t('crypto:choose_network_first')}
                </option>
                {(network?.tokens ?? []).map((tk) => (
                  <option key={tk.symbol} value={tk.symbol}>
                    {tk.symbol}
                  </option>
                ))}
              </select>
            </label>
            {selectionError && (
              <p id="selection-error" className={page.errorText} role="alert">
                {selectionError}
              </p>
            )}

            <div className={page.stack}>
              <span className={page.tileTitle}>{t('crypto:step_wallet')}</span>
              {address ? (
                <p className={page.mono}>{t('crypto:wallet_connected', { address })}</p>
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => void connectWallet()}
                  loading={connecting}
                >
                  {connecting ? t('crypto:connecting') : t('crypto:connect_wallet')}
                </Button>
              )}
            </div>

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
              <div className={page.stack}>
                <div>
                  <div className={page.summaryRow}>
                    <span>{t('crypto:order')}</span>
                    <span className={page.mono}>{details.data.reference}</span>
                  </div>
                  <div className={page.summaryRow}>
                    <span>{t('crypto:recipient')}</span>
                    <span className={page.mono}>{details.data.recipient}</span>
                  </div>
                  <div className={page.summaryRow}>
                    <span>{t('crypto:amount')}</span>
                    <strong>
                      {formatUnits(BigInt(details.data.amount), details.data.token.decimals)}{' '}
                      {details.data.token.symbol}
                    </strong>
                  </div>
                </div>
                <p className={page.notice}>{t('crypto:exact_amount_warning')}</p>
                {phase === 'choose' && (
                  <Button size="lg" fullWidth onClick={() => void pay(details.data)}>
                    {t('crypto:pay_button', {
                      amount: formatUnits(BigInt(details.data.amount), details.data.token.decimals),
                      token: details.data.token.symbol,
                    })}
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
