import { describe, expect, test } from 'vitest';
import {
  chooseNetwork,
  chooseToken,
  EMPTY_WALLET_SELECTION,
  sameWalletAddress,
  validateTxHash,
  validateWalletAddress,
  validateWalletSelection,
} from './crypto-payment.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('network then token', () => {
  test('choosing a token before a network is refused', () => {
    expect(chooseToken(EMPTY_WALLET_SELECTION, 'USDT')).toEqual({
      ok: false,
      error: 'network_required',
    });
  });
  test('a token can be chosen once a network is', () => {
    const withNetwork = chooseNetwork(EMPTY_WALLET_SELECTION, 'ethereum');
    expect(chooseToken(withNetwork, 'USDT')).toEqual({
      ok: true,
      value: { network: 'ethereum', token: 'USDT' },
    });
  });
  test.each([
    ['changing the network clears the token', 'bsc', { network: 'bsc', token: null }],
    [
      'choosing the same network keeps the token',
      'ethereum',
      { network: 'ethereum', token: 'USDT' },
    ],
  ])('%s', (_rule, network, expected) => {
    expect(chooseNetwork({ network: 'ethereum', token: 'USDT' }, network)).toEqual(expected);
  });
  test.each([
    [
      'nothing chosen asks for the network first',
      { network: null, token: null },
      { ok: false, error: 'network_required' },
    ],
    [
      'a network alone asks for the token',
      { network: 'ethereum', token: null },
      { ok: false, error: 'token_required' },
    ],
    [
      'both chosen may pay',
      { network: 'ethereum', token: 'USDC' },
      { ok: true, value: { network: 'ethereum', token: 'USDC' } },
    ],
  ])('paying: %s', (_rule, selection, expected) => {
    expect(validateWalletSelection(selection)).toEqual(expected);
  });
});

describe('transaction hash and address', () => {
  test.each([
    [
      '0x and 64 hex digits is a hash, lower-cased',
      `  ${HASH.toUpperCase().replace('0X', '0x')} `,
      { ok: true, value: HASH },
    ],
    ['63 digits is not', HASH.slice(0, -1), { ok: false, error: 'tx_hash_invalid' }],
    ['without 0x is not', 'ab'.repeat(32), { ok: false, error: 'tx_hash_invalid' }],
    ['a non-hex digit is not', `0x${'g'.repeat(64)}`, { ok: false, error: 'tx_hash_invalid' }],
    ['an address is not a hash', ADDRESS, { ok: false, error: 'tx_hash_invalid' }],
  ])('%s', (_rule, input, expected) => {
    expect(validateTxHash(input)).toEqual(expected);
  });

  test.each([
    [
      'a checksummed address is accepted, lower-cased',
      ADDRESS,
      { ok: true, value: ADDRESS.toLowerCase() },
    ],
    [
      '39 digits is not an address',
      ADDRESS.slice(0, -1),
      { ok: false, error: 'wallet_address_invalid' },
    ],
    [
      'without 0x is not an address',
      ADDRESS.slice(2),
      { ok: false, error: 'wallet_address_invalid' },
    ],
    ['an empty field is not an address', '', { ok: false, error: 'wallet_address_invalid' }],
  ])('%s', (_rule, input, expected) => {
    expect(validateWalletAddress(input)).toEqual(expected);
  });

  test('addresses differing only in case are the same wallet', () => {
    expect(sameWalletAddress(ADDRESS, ADDRESS.toLowerCase())).toBe(true);
    expect(sameWalletAddress(ADDRESS, `0x${'0'.repeat(40)}`)).toBe(false);
  });
});
