import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { createStore } from 'zustand/vanilla';

export type Operator = AdminResponseOf<'adminMe'>['operator'];

export interface OperatorState {
  /** The signed-in operator, null when signed out. */
  operator: Operator | null;
  /** Whether the session was asked about once (before that the console shows nothing). */
  checked: boolean;
}

/** Who is signed in to the console: set by sign-in, enrolment, `me` and sign-out. */
export const operatorStore = createStore<OperatorState>()(() => ({
  operator: null,
  checked: false,
}));
