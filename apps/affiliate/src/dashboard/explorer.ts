import type { ClientConfig } from '@nimbus/api-sdk/contract';

/**
 * The block-explorer page of a payout transaction. A settlement record does not name its chain
 * (asked of the server); payouts go out on the first configured network that has an explorer,
 * so that one is used. Null when no explorer is configured: the hash is then shown as text.
 */
export function explorerTxUrl(
  config: Pick<ClientConfig, 'crypto'> | null | undefined,
  txHash: string,
): string | null {
  const prefix = config?.crypto.networks.find((network) => network.explorerTxUrl)?.explorerTxUrl;
  return prefix ? `${prefix}${encodeURIComponent(txHash)}` : null;
}

/** 0x1234…cdef: enough to recognise a hash in a table cell. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}
