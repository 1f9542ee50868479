import { validateWalletAddress, type Hex } from './crypto-payment.ts';
import { explorerTxUrl } from './explorer-link.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Where a KOL's payouts go: an address on one of the networks payouts are sent on (EVM chains,
 * in US dollar stablecoins). Payouts are recorded with an EVM transaction hash, so only EVM
 * networks are offered.
 */
export const PAYOUT_NETWORKS = [
  { id: 'ethereum', name: 'Ethereum', explorerTxUrl: 'https://etherscan.io/tx/' },
  { id: 'bsc', name: 'BNB Smart Chain', explorerTxUrl: 'https://bscscan.com/tx/' },
  { id: 'polygon', name: 'Polygon', explorerTxUrl: 'https://polygonscan.com/tx/' },
  { id: 'arbitrum', name: 'Arbitrum One', explorerTxUrl: 'https://arbiscan.io/tx/' },
  { id: 'base', name: 'Base', explorerTxUrl: 'https://basescan.org/tx/' },
] as const;

export type PayoutNetwork = (typeof PAYOUT_NETWORKS)[number]['id'];
export const PAYOUT_NETWORK_IDS = PAYOUT_NETWORKS.map((n) => n.id) as PayoutNetwork[];

export interface PayoutWallet {
  readonly network: PayoutNetwork;
  /** Lower-case 0x address. */
  readonly address: Hex;
}

export type PayoutWalletError = 'payout_network_invalid' | 'wallet_address_invalid';

export const isPayoutNetwork = (value: string): value is PayoutNetwork =>
  (PAYOUT_NETWORK_IDS as string[]).includes(value);

/** A payout wallet: a known network and an EVM address (0x and 40 hex digits). */
export function validatePayoutWallet(input: {
  readonly network: string;
  readonly address: string;
}): Result<PayoutWallet, PayoutWalletError> {
  if (!isPayoutNetwork(input.network)) return err('payout_network_invalid');
  const address = validateWalletAddress(input.address);
  if (!address.ok) return address;
  return ok({ network: input.network, address: address.value });
}

/** The network's display name, or the id itself for a network no longer offered. */
export function payoutNetworkName(network: string): string {
  return PAYOUT_NETWORKS.find((n) => n.id === network)?.name ?? network;
}

/** The explorer page of a payout's transfer on its network; null when either is unknown. */
export function payoutTxUrl(network: string | null, txHash: string | null): string | null {
  const found = PAYOUT_NETWORKS.find((n) => n.id === network);
  return found ? explorerTxUrl(found.explorerTxUrl, txHash) : null;
}

/** Whether a new wallet differs from the one in force (a change needs confirmation). */
export function isWalletChange(
  current: { readonly network: string; readonly address: string } | null,
  next: PayoutWallet,
): boolean {
  return (
    current === null ||
    current.network !== next.network ||
    current.address.toLowerCase() !== next.address.toLowerCase()
  );
}
