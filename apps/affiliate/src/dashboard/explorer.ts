import type { ClientConfig } from '@nimbus/api-sdk/contract';
import { explorerTxUrl } from '@nimbus/domain';

/**
 * The block-explorer page of a payout transaction: the explorer of the payout's network when the
 * record names one, else of the first configured network that has an explorer. Null when no
 * explorer is configured: the hash is then shown as text.
 */
export function payoutExplorerUrl(
  config: Pick<ClientConfig, 'crypto'> | null | undefined,
  txHash: string,
  chainId: number | null = null,
): string | null {
  const networks = config?.crypto.networks ?? [];
  const network =
    (chainId === null ? undefined : networks.find((n) => n.chainId === chainId)) ??
    networks.find((n) => n.explorerTxUrl);
  return explorerTxUrl(network?.explorerTxUrl, txHash);
}
