import { describe, expect, test } from 'vitest';
import { payoutExplorerUrl } from './explorer.ts';

const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const network = (explorer: string | null, chainId = 1) => ({
  chainId,
  name: 'Ethereum',
  explorerTxUrl: explorer,
  tokens: [],
});
const config = {
  crypto: {
    networks: [
      network(null, 56),
      network('https://etherscan.io/tx/'),
      network('https://polygonscan.com/tx/', 137),
    ],
  },
};

describe('payoutExplorerUrl', () => {
  test("uses the explorer of the payout's network", () => {
    expect(payoutExplorerUrl(config, hash, 137)).toBe(`https://polygonscan.com/tx/${hash}`);
  });
  test('without a network, appends the hash to the first configured explorer', () => {
    expect(payoutExplorerUrl(config, hash)).toBe(`https://etherscan.io/tx/${hash}`);
  });
  test('is null without an explorer or a config', () => {
    expect(payoutExplorerUrl({ crypto: { networks: [network(null)] } }, hash)).toBeNull();
    expect(payoutExplorerUrl(null, hash)).toBeNull();
  });
});
