import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ClientConfig } from './types.ts';

/**
 * The client config once the services chunk has fetched it (header/footer links), as a zustand
 * store; undefined before (and while pre-rendering, and so while hydrating).
 */
export const clientConfigStore = createStore<ClientConfig | undefined>()(() => undefined);

/** The client config, or undefined before it arrives (and while pre-rendering). */
export function useClientConfig(): ClientConfig | undefined {
  return useStore(clientConfigStore);
}
