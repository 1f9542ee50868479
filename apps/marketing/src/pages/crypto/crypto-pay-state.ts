import {
  chooseNetwork,
  chooseToken,
  EMPTY_WALLET_SELECTION,
  type WalletSelection,
} from '@nimbus/domain/crypto-payment';
import type { Wallet } from './wallet.ts';
import type { WalletFailure } from './wallet-errors.ts';

/**
 * The crypto payment page's own state, one reducer: what is chosen, the wallet and its address,
 * the order once created, where the payment stands, and the failure to show. The server's data
 * (plans, networks, the order's status) stays in the API queries.
 */
export interface CryptoPayState {
  readonly selection: WalletSelection;
  /** A selection refused by the domain (a validation code, translated when shown). */
  readonly selectionError: 'network_required' | 'token_required' | null;
  readonly wallet: Wallet | null;
  readonly address: string | null;
  readonly connecting: boolean;
  readonly failure: WalletFailure | null;
  readonly orderId: string | null;
  /** choose: the form is open; paying: the wallet is asked; confirming: the chain is watched. */
  readonly phase: 'choose' | 'paying' | 'confirming';
  readonly txHash: `0x${string}` | null;
}

export type CryptoPayAction =
  | { type: 'network_chosen'; network: string }
  | { type: 'token_chosen'; token: string }
  | { type: 'selection_refused'; error: 'network_required' | 'token_required' }
  | { type: 'connect_started' }
  | { type: 'wallet_found'; wallet: Wallet }
  | { type: 'connected'; address: string }
  | { type: 'connect_ended' }
  | { type: 'failed'; failure: WalletFailure }
  | { type: 'order_created'; orderId: string }
  | { type: 'pay_started' }
  | { type: 'tx_sent'; hash: `0x${string}` }
  | { type: 'tx_mined' }
  | { type: 'pay_failed'; failure: WalletFailure };

export const INITIAL_CRYPTO_PAY: CryptoPayState = {
  selection: EMPTY_WALLET_SELECTION,
  selectionError: null,
  wallet: null,
  address: null,
  connecting: false,
  failure: null,
  orderId: null,
  phase: 'choose',
  txHash: null,
};

export function cryptoPayReducer(state: CryptoPayState, action: CryptoPayAction): CryptoPayState {
  switch (action.type) {
    case 'network_chosen':
      return {
        ...state,
        selection: chooseNetwork(state.selection, action.network),
        selectionError: null,
      };
    case 'token_chosen': {
      const next = chooseToken(state.selection, action.token);
      return next.ok
        ? { ...state, selection: next.value, selectionError: null }
        : { ...state, selectionError: next.error };
    }
    case 'selection_refused':
      return { ...state, selectionError: action.error };
    case 'connect_started':
      return { ...state, connecting: true, failure: null };
    case 'wallet_found':
      return { ...state, wallet: action.wallet };
    case 'connected':
      // A "not connected" said while the wallet was still answering no longer holds.
      return {
        ...state,
        address: action.address,
        failure: state.failure === 'wallet_not_connected' ? null : state.failure,
      };
    case 'connect_ended':
      return { ...state, connecting: false };
    case 'failed':
      return { ...state, failure: action.failure };
    case 'order_created':
      return { ...state, orderId: action.orderId };
    case 'pay_started':
      return { ...state, phase: 'paying', failure: null };
    case 'tx_sent':
      return { ...state, txHash: action.hash };
    case 'tx_mined':
      return { ...state, phase: 'confirming' };
    case 'pay_failed':
      return { ...state, phase: 'choose', failure: action.failure };
  }
}

/** Which of the four steps the visitor is on (network, token, wallet, pay). */
export function currentStep(state: CryptoPayState): 1 | 2 | 3 | 4 {
  if (!state.selection.network) return 1;
  if (!state.selection.token) return 2;
  if (!state.address) return 3;
  return 4;
}
