import { describe, expect, test } from 'vitest';
import { explorerTxUrl, shortHash } from './explorer.ts';

const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const network = (explorer: string | null, chainId = 1) => ({
  chainId,
  name: 'Ethereum',
  explorerTxUrl: explorer,
  tokens: [],
});

describe('explorerTxUrl', () => {
  test('appends the hash to the first configured explorer', () => {
    expect(
      explorerTxUrl(
        { crypto: { networks: [network(null, 56), network('https://etherscan.io/tx/')] } },
        hash,
      ),
    ).toBe(`https://etherscan.io/tx/${hash}`);
  });
  test('is null without an explorer or a config', () => {
    expect(explorerTxUrl({ crypto: { networks: [network(null)] } }, hash)).toBeNull();
    expect(explorerTxUrl(null, hash)).toBeNull();
  });
});

describe('shortHash', () => {
  test('keeps the start and the end of a long hash', () => {
    expect(shortHash(hash)).toBe('0x5c504e…b22060');
    expect(shortHash('0xabc')).toBe('0xabc');
  });
});
