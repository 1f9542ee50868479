import { err, ok, type Result } from './result.ts';

/** What the crypto payment page has chosen so far. Tokens belong to a network. */
export interface WalletSelection {
  readonly network: string | null;
  readonly token: string | null;
}

export const EMPTY_WALLET_SELECTION: WalletSelection = { network: null, token: null };

/** Choosing a network; a token chosen for another network no longer applies and is cleared. */
export function chooseNetwork(selection: WalletSelection, network: string): WalletSelection {
  return { network, token: selection.network === network ? selection.token : null };
}

/** Choosing a token is refused until a network is chosen (network first, then token). */
export function chooseToken(
  selection: WalletSelection,
  token: string,
): Result<WalletSelection, 'network_required'> {
  return selection.network === null
    ? err('network_required')
    : ok({ network: selection.network, token });
}

/** Paying needs both, and the first missing one is reported. */
export function validateWalletSelection(
  selection: WalletSelection,
): Result<
  { readonly network: string; readonly token: string },
  'network_required' | 'token_required'
> {
  if (selection.network === null) return err('network_required');
  if (selection.token === null) return err('token_required');
  return ok({ network: selection.network, token: selection.token });
}

export type Hex = `0x${string}`;

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An EVM transaction hash: 0x and 64 hex digits. Returned lower-case, the form in which each hash
 * is recorded as used once.
 */
export function validateTxHash(input: string): Result<Hex, 'tx_hash_invalid'> {
  const hash = input.trim();
  return TX_HASH.test(hash) ? ok(hash.toLowerCase() as Hex) : err('tx_hash_invalid');
}

/**
 * An EVM address: 0x and 40 hex digits, returned lower-case (addresses are case-insensitive; the
 * mixed case of EIP-55 is only a checksum). The checksum itself needs keccak-256, which this
 * package does not carry: the wallet layer (viem) checks it where an address is typed in.
 */
export function validateWalletAddress(input: string): Result<Hex, 'wallet_address_invalid'> {
  const address = input.trim();
  return ADDRESS.test(address) ? ok(address.toLowerCase() as Hex) : err('wallet_address_invalid');
}

/** Whether two addresses are the same account, whatever their letter case. */
export function sameWalletAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
