import type { BrowserContext } from '@playwright/test';
import { createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Injects an EIP-1193 wallet (`window.ethereum`) into every page of a context: account requests
 * answer with a funded dev account, transactions are signed in Node with its key and sent to the
 * local node, every other call is forwarded to the node. The page never talks to the node itself
 * (no CSP or CORS involved), like a real extension.
 */
export async function injectTestWallet(
  context: BrowserContext,
  { rpcUrl, chainId, privateKey }: { rpcUrl: string; chainId: number; privateKey: Hex },
): Promise<{ address: Hex }> {
  const account = privateKeyToAccount(privateKey);
  const chain = defineChain({
    id: chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  let id = 0;
  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: (id += 1), method, params }),
    });
    const body = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
    return body.result;
  };

  await context.exposeBinding(
    '__testWalletRequest',
    async (_source, method: string, params: unknown[]) => {
      try {
        switch (method) {
          case 'eth_requestAccounts':
          case 'eth_accounts':
            return { result: [account.address] };
          case 'eth_chainId':
            return { result: `0x${chainId.toString(16)}` };
          case 'wallet_switchEthereumChain': {
            const wanted = Number.parseInt((params[0] as { chainId: string }).chainId, 16);
            if (wanted !== chainId)
              return { error: { code: 4902, message: 'Unrecognized chain ID' } };
            return { result: null };
          }
          case 'wallet_requestPermissions':
          case 'wallet_getPermissions':
            return { result: [{ parentCapability: 'eth_accounts' }] };
          case 'eth_sendTransaction': {
            const tx = params[0] as { to: Hex; value?: Hex; data?: Hex; gas?: Hex };
            const hash = await wallet.sendTransaction({
              to: tx.to,
              ...(tx.value ? { value: BigInt(tx.value) } : {}),
              ...(tx.data ? { data: tx.data } : {}),
              ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
            });
            return { result: hash };
          }
          default:
            return { result: await rpc(method, params) };
        }
      } catch (error) {
        const e = error as {
          code?: number;
          message?: string;
          shortMessage?: string;
          details?: string;
        };
        return {
          error: {
            code: e.code ?? -32603,
            message: [e.shortMessage, e.details, e.message].filter(Boolean).join(': '),
          },
        };
      }
    },
  );

  await context.addInitScript(() => {
    type Answer = { result?: unknown; error?: { code: number; message: string } };
    const call = (
      globalThis as unknown as {
        __testWalletRequest: (method: string, params: unknown[]) => Promise<Answer>;
      }
    ).__testWalletRequest;
    const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
    const provider = {
      isMetaMask: false,
      async request({ method, params = [] }: { method: string; params?: unknown[] }) {
        const answer = await call(method, params);
        if (answer.error)
          throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
      on(event: string, listener: (...args: unknown[]) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)?.add(listener);
        return provider;
      },
      removeListener(event: string, listener: (...args: unknown[]) => void) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    (globalThis as unknown as { ethereum: typeof provider }).ethereum = provider;
  });
  return { address: account.address };
}
