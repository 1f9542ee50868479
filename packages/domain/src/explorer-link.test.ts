import { describe, expect, test } from 'vitest';
import { explorerTxUrl, shortHash } from './explorer-link.ts';

const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

describe('explorerTxUrl', () => {
  test.each([
    [
      'a prefix gets the hash appended',
      'https://etherscan.io/tx/',
      `https://etherscan.io/tx/${hash}`,
    ],
    [
      'a {hash} template gets the hash in place',
      'https://scan.example/tx/{hash}?l=en',
      `https://scan.example/tx/${hash}?l=en`,
    ],
    [
      'surrounding spaces of the setting are ignored',
      ' https://bscscan.com/tx/ ',
      `https://bscscan.com/tx/${hash}`,
    ],
  ])('%s', (_, explorer, expected) => {
    expect(explorerTxUrl(explorer, hash)).toBe(expected);
  });

  test.each([
    ['no explorer', null, hash],
    ['an empty explorer', '  ', hash],
    ['no hash', 'https://etherscan.io/tx/', null],
    ['an empty hash', 'https://etherscan.io/tx/', ''],
  ])('is null with %s', (_, explorer, txHash) => {
    expect(explorerTxUrl(explorer, txHash)).toBeNull();
  });

  test('a hash that is not one cannot leave the path', () => {
    expect(explorerTxUrl('https://etherscan.io/tx/', '../x?y=#z')).toBe(
      'https://etherscan.io/tx/..%2Fx%3Fy%3D%23z',
    );
  });
});

describe('shortHash', () => {
  test('keeps the start and the end of a long hash, a short one whole', () => {
    expect(shortHash(hash)).toBe('0x5c504e…b22060');
    expect(shortHash('0xabc')).toBe('0xabc');
  });
});
