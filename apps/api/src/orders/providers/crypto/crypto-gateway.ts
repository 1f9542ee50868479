import {
  createPublicClient,
  erc20Abi,
  http,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { CryptoNetworkSetting, CryptoTokenSetting } from '../../../config/payments-config.ts';

/** What the chain says about a transfer offered for an order. */
export type TransferCheck =
  | { status: 'confirmed'; from: string; value: bigint }
  | { status: 'pending'; confirmations: number }
  | { status: 'not_found' }
  | { status: 'failed' }
  | { status: 'wrong_network' }
  | { status: 'mismatch'; reason: 'recipient' | 'token' | 'amount' };

export interface ExpectedTransfer {
  chainId: number;
  /** Lower-case ERC-20 contract address, or null for the native coin. */
  tokenAddress: string | null;
  recipient: string;
  amount: bigint;
}

/**
 * Every quoted amount carries the order's tag in its last digits (below 1/100 of a cent for a
 * 6-decimal stablecoin): a transfer whose tag digits differ belongs to another order, so a
 * transaction seen on chain cannot be claimed for somebody else's order.
 */
export const TAG_MODULUS = 10_000n;

const pow10 = (n: number) => 10n ** BigInt(n);
/**
 * The tag's unit: 1 base unit, or 10^-12 of a coin for tokens with more decimals (so the rounding
 * stays tiny).
 */
const tagUnitOf = (decimals: number) => (decimals > 12 ? pow10(decimals - 12) : 1n);

/**
 * The configured EVM networks and the recipient, and the on-chain check of a payment with viem:
 * the receipt's status, the chain, an ERC-20 Transfer log to the recipient (or the native value
 * to it), the amount with the order's tag, and the required confirmations.
 */
export class CryptoGateway {
  private readonly clients = new Map<number, PublicClient>();

  constructor(
    readonly networks: readonly CryptoNetworkSetting[],
    readonly recipient: string,
  ) {}

  network(chainId: number): CryptoNetworkSetting | undefined {
    return this.networks.find((n) => n.chainId === chainId);
  }

  token(chainId: number, symbol: string): CryptoTokenSetting | undefined {
    return this.network(chainId)?.tokens.find(
      (t) => t.symbol.toUpperCase() === symbol.trim().toUpperCase(),
    );
  }

  /**
   * The base units to pay for an amount in USD cents, rounded up, plus the order's tag. A token
   * without a USD price is a dollar stablecoin; a native coin is converted at its configured price.
   */
  amountFor(token: CryptoTokenSetting, amountMinor: number, orderTag: number): bigint {
    const minor = BigInt(amountMinor);
    const tagUnit = tagUnitOf(token.decimals);
    let base: bigint;
    if (token.usdPriceMinor === undefined) base = minor * pow10(token.decimals - 2);
    else {
      const price = BigInt(token.usdPriceMinor);
      base = (minor * pow10(token.decimals) + price - 1n) / price;
    }
    // Round the untagged part up to the tag's step, then add the tag: the price is never undercut.
    const step = TAG_MODULUS * tagUnit;
    const rounded = ((base + step - 1n) / step) * step;
    return rounded + BigInt(orderTag % Number(TAG_MODULUS)) * tagUnit;
  }

  private tagOf(token: { decimals: number }, amount: bigint): bigint {
    const tagUnit = tagUnitOf(token.decimals);
    return (amount / tagUnit) % TAG_MODULUS;
  }

  private client(network: CryptoNetworkSetting): PublicClient {
    let client = this.clients.get(network.chainId);
    if (!client) {
      client = createPublicClient({
        transport: http(network.rpcUrl, { timeout: 8_000, retryCount: 1 }),
      });
      this.clients.set(network.chainId, client);
    }
    return client;
  }

  /** Checks a transaction against the transfer an order expects. Throws only when the RPC fails. */
  async check(txHash: Hex, expected: ExpectedTransfer, decimals: number): Promise<TransferCheck> {
    const network = this.network(expected.chainId);
    if (!network) return { status: 'wrong_network' };
    const client = this.client(network);
    if ((await client.getChainId()) !== network.chainId)
      throw new Error(`RPC of chain ${network.chainId} serves another chain`);
    let tx;
    try {
      tx = await client.getTransaction({ hash: txHash });
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return { status: 'not_found' };
      throw error;
    }
    if (tx.chainId !== undefined && tx.chainId !== network.chainId)
      return { status: 'wrong_network' };
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: txHash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError)
        return { status: 'pending', confirmations: 0 };
      throw error;
    }
    if (receipt.status !== 'success') return { status: 'failed' };

    const recipient = expected.recipient.toLowerCase();
    let value = 0n;
    if (expected.tokenAddress === null) {
      if (tx.to?.toLowerCase() !== recipient) return { status: 'mismatch', reason: 'recipient' };
      value = tx.value;
    } else {
      const transfers = parseEventLogs({
        abi: erc20Abi,
        eventName: 'Transfer',
        logs: receipt.logs,
      }).filter((log) => log.address.toLowerCase() === expected.tokenAddress);
      if (transfers.length === 0) return { status: 'mismatch', reason: 'token' };
      const toUs = transfers.filter((log) => log.args.to.toLowerCase() === recipient);
      if (toUs.length === 0) return { status: 'mismatch', reason: 'recipient' };
      value = toUs.reduce((sum, log) => sum + log.args.value, 0n);
    }
    if (
      value < expected.amount ||
      this.tagOf({ decimals }, value) !== this.tagOf({ decimals }, expected.amount)
    ) {
      return { status: 'mismatch', reason: 'amount' };
    }
    // No cached head: a confirmation count must reflect the chain now.
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const confirmations = Number(head - receipt.blockNumber + 1n);
    if (confirmations < network.confirmations) return { status: 'pending', confirmations };
    return { status: 'confirmed', from: tx.from.toLowerCase(), value };
  }
}
