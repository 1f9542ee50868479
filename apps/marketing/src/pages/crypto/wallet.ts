import { createConfig } from 'wagmi';
import {
  connect,
  getAccount,
  getBalance,
  readContract,
  sendTransaction,
  switchChain,
  waitForTransactionReceipt,
  writeContract,
} from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { custom, defineChain, erc20Abi, type Chain, type EIP1193Provider, type Hash } from 'viem';
import { classifyWalletError, WalletError, type NetworkInfo } from './wallet-errors.ts';

function injectedProvider(): EIP1193Provider | undefined {
  return (globalThis as { ethereum?: EIP1193Provider }).ethereum;
}

function chainOf(network: NetworkInfo): Chain {
  return defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    // The wallet talks to its own node; the page never calls an RPC endpoint itself.
    rpcUrls: { default: { http: [] } },
  });
}

/**
 * The browser wallet for one payment: connects through the injected (EIP-1193) provider,
 * switches it to the chosen network, sends the native coin or an ERC-20 transfer, and waits for
 * the receipt. Loaded only on the crypto payment page (wagmi and viem stay out of the rest).
 */
export function createWallet(networks: readonly NetworkInfo[]) {
  const provider = injectedProvider();
  const chains = networks.map(chainOf);
  const [first, ...rest] = chains;
  if (!provider || !first) return null;
  const config = createConfig({
    chains: [first, ...rest],
    connectors: [
      injected({ target: () => ({ id: 'injected', name: 'Browser wallet', provider }) }),
    ],
    transports: Object.fromEntries(chains.map((chain) => [chain.id, custom(provider)])),
  });

  return {
    address: () => getAccount(config).address ?? null,
    async connect(): Promise<string> {
      try {
        const connector = config.connectors[0];
        if (!connector) throw new WalletError('wallet_not_found');
        const result = await connect(config, { connector });
        const address = result.accounts[0];
        if (!address) throw new WalletError('connection_failed');
        return address;
      } catch (error) {
        throw new WalletError(classifyWalletError(error, 'connection_failed'), error);
      }
    },
    async pay({
      chainId,
      recipient,
      amount,
      tokenAddress,
    }: {
      chainId: number;
      recipient: `0x${string}`;
      amount: bigint;
      tokenAddress: `0x${string}` | null;
    }): Promise<Hash> {
      const account = getAccount(config);
      if (!account.address) throw new WalletError('wallet_not_connected');
      if (account.chainId !== chainId) {
        try {
          await switchChain(config, { chainId });
        } catch (error) {
          throw new WalletError(classifyWalletError(error, 'wrong_network'), error);
        }
      }
      // Asked before sending, so an empty wallet hears "insufficient balance" rather than a
      // revert reason that differs from token to token.
      const balance = await (
        tokenAddress
          ? readContract(config, {
              chainId,
              address: tokenAddress,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [account.address],
            })
          : getBalance(config, { chainId, address: account.address }).then((b) => b.value)
      ).catch(() => null);
      if (balance !== null && balance < amount) throw new WalletError('insufficient_balance');
      try {
        return tokenAddress
          ? await writeContract(config, {
              chainId,
              address: tokenAddress,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [recipient, amount],
            })
          : await sendTransaction(config, { chainId, to: recipient, value: amount });
      } catch (error) {
        throw new WalletError(classifyWalletError(error, 'tx_failed'), error);
      }
    },
    async waitForReceipt(chainId: number, hash: Hash): Promise<void> {
      const receipt = await waitForTransactionReceipt(config, {
        chainId,
        hash,
        pollingInterval: 1000,
      });
      if (receipt.status !== 'success') throw new WalletError('tx_failed');
    },
  };
}

export type Wallet = NonNullable<ReturnType<typeof createWallet>>;
