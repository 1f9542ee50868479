// The crypto page's wallet failures and networks, without the wallet libraries (wagmi, viem):
// the page imports these at once and the wallet itself (wallet.ts) when the visitor connects.

/** The failures a person can act on (spec section 8, crypto payment), each with its own text. */
export type WalletFailure =
  | 'wallet_not_found'
  | 'connection_failed'
  | 'wrong_network'
  | 'rejected'
  | 'insufficient_balance'
  | 'tx_failed'
  | 'wallet_not_connected';

export class WalletError extends Error {
  constructor(
    readonly failure: WalletFailure,
    cause?: unknown,
  ) {
    super(failure, { cause });
  }
}

export interface NetworkInfo {
  chainId: number;
  name: string;
  /** Symbol of the native coin when the network lists one (token address null). */
  nativeSymbol: string;
}

/** What the error says, in the categories above (wallet libraries differ in shape). */
export function classifyWalletError(error: unknown, fallback: WalletFailure): WalletFailure {
  if (error instanceof WalletError) return error.failure;
  const text = [error, (error as { cause?: unknown } | null)?.cause]
    .map((e) =>
      e instanceof Error
        ? `${e.name} ${e.message} ${(e as { shortMessage?: string }).shortMessage ?? ''} ${(e as { details?: string }).details ?? ''}`
        : String(e),
    )
    .join(' ')
    .toLowerCase();
  const code =
    (error as { code?: number } | null)?.code ??
    (error as { cause?: { code?: number } } | null)?.cause?.code;
  if (
    code === 4001 ||
    text.includes('user rejected') ||
    text.includes('userrejected') ||
    text.includes('denied')
  )
    return 'rejected';
  if (
    text.includes('insufficient funds') ||
    text.includes('exceeds balance') ||
    text.includes('insufficient balance')
  )
    return 'insufficient_balance';
  if (
    text.includes('chain mismatch') ||
    text.includes('does not match the target chain') ||
    code === 4902
  )
    return 'wrong_network';
  if (text.includes('connector not connected') || text.includes('not connected'))
    return 'wallet_not_connected';
  if (text.includes('provider not found') || text.includes('providernotfound'))
    return 'wallet_not_found';
  return fallback;
}
