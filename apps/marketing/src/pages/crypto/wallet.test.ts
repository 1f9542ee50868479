import { describe, expect, test } from 'vitest';
import { classifyWalletError, WalletError } from './wallet-errors.ts';

describe('wallet failures in words a person understands', () => {
  test.each([
    [{ code: 4001, message: 'User rejected the request.' }, 'tx_failed', 'rejected'],
    [
      new Error(
        'The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account. insufficient funds',
      ),
      'tx_failed',
      'insufficient_balance',
    ],
    [new Error('ERC20: transfer amount exceeds balance'), 'tx_failed', 'insufficient_balance'],
    [
      new Error(
        'The current chain of the wallet (id: 1) does not match the target chain for the transaction (id: 31337)',
      ),
      'tx_failed',
      'wrong_network',
    ],
    [new Error('Connector not connected.'), 'tx_failed', 'wallet_not_connected'],
    [new Error('Provider not found.'), 'connection_failed', 'wallet_not_found'],
    [new Error('execution reverted'), 'tx_failed', 'tx_failed'],
    [new WalletError('wrong_network'), 'tx_failed', 'wrong_network'],
  ])('%s -> %s', (error, fallback, expected) => {
    expect(classifyWalletError(error, fallback as 'tx_failed')).toBe(expected);
  });
});
