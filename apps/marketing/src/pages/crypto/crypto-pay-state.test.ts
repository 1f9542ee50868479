import { describe, expect, test } from 'vitest';
import {
  cryptoPayReducer,
  currentStep,
  INITIAL_CRYPTO_PAY,
  type CryptoPayAction,
  type CryptoPayState,
} from './crypto-pay-state.ts';

const run = (actions: CryptoPayAction[], from: CryptoPayState = INITIAL_CRYPTO_PAY) =>
  actions.reduce(cryptoPayReducer, from);

describe('the crypto page state', () => {
  test('a token before a network is refused; network then token is step 3', () => {
    const refused = run([{ type: 'token_chosen', token: 'USDT' }]);
    expect(refused.selectionError).toBe('network_required');
    expect(currentStep(refused)).toBe(1);
    const chosen = run([
      { type: 'network_chosen', network: '1' },
      { type: 'token_chosen', token: 'USDT' },
    ]);
    expect(chosen.selection).toEqual({ network: '1', token: 'USDT' });
    expect(chosen.selectionError).toBeNull();
    expect(currentStep(chosen)).toBe(3);
  });

  test('"not connected" said while the wallet answers goes once it connects', () => {
    const state = run([
      { type: 'connect_started' },
      { type: 'failed', failure: 'wallet_not_connected' },
      { type: 'connected', address: '0xabc' },
      { type: 'connect_ended' },
    ]);
    expect(state.failure).toBeNull();
    expect(state.address).toBe('0xabc');
    expect(state.connecting).toBe(false);
  });

  test('another failure stays when the wallet connects', () => {
    const state = run([
      { type: 'failed', failure: 'wrong_network' },
      { type: 'connected', address: '0xabc' },
    ]);
    expect(state.failure).toBe('wrong_network');
  });

  test('a payment goes choose -> paying -> confirming, and back to choose on failure', () => {
    const paying = run([{ type: 'pay_started' }, { type: 'tx_sent', hash: '0x01' }]);
    expect(paying.phase).toBe('paying');
    expect(paying.txHash).toBe('0x01');
    expect(run([{ type: 'tx_mined' }], paying).phase).toBe('confirming');
    const failed = run([{ type: 'pay_failed', failure: 'rejected' }], paying);
    expect(failed).toMatchObject({ phase: 'choose', failure: 'rejected' });
  });
});
