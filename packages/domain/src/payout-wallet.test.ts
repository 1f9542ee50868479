import { describe, expect, test } from 'vitest';
import {
  isWalletChange,
  payoutNetworkName,
  payoutTxUrl,
  validatePayoutWallet,
} from './payout-wallet.ts';

const ADDRESS = '0x00000000000000000000000000000000000000aA';
const HASH = `0x${'ab'.repeat(32)}`;

describe('payout wallets', () => {
  test('a known network and an EVM address, lower-cased', () => {
    expect(validatePayoutWallet({ network: 'bsc', address: ` ${ADDRESS} ` })).toEqual({
      ok: true,
      value: { network: 'bsc', address: ADDRESS.toLowerCase() },
    });
  });
  test.each([
    [{ network: 'tron', address: ADDRESS }, 'payout_network_invalid'],
    [{ network: '', address: ADDRESS }, 'payout_network_invalid'],
    [{ network: 'base', address: 'TXYZ' }, 'wallet_address_invalid'],
  ])('%o is refused', (input, error) => {
    expect(validatePayoutWallet(input)).toMatchObject({ ok: false, error });
  });
  test('a change is a different network or address, whatever the letter case', () => {
    const current = { network: 'bsc', address: ADDRESS };
    const same = { network: 'bsc', address: ADDRESS.toLowerCase() as `0x${string}` } as const;
    expect(isWalletChange(current, same)).toBe(false);
    expect(isWalletChange(current, { ...same, network: 'base' })).toBe(true);
    expect(isWalletChange(null, same)).toBe(true);
  });
  test("a payout links to its network's explorer", () => {
    expect(payoutTxUrl('polygon', HASH)).toBe(`https://polygonscan.com/tx/${HASH}`);
    expect(payoutTxUrl('unknown', HASH)).toBeNull();
    expect(payoutTxUrl('polygon', null)).toBeNull();
    expect(payoutNetworkName('arbitrum')).toBe('Arbitrum One');
    expect(payoutNetworkName('gone')).toBe('gone');
  });
});
