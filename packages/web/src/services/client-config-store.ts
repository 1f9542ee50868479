import { useSyncExternalStore } from 'react';
import type { ClientConfig } from './types.ts';

function createValueStore<T>() {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The client config once the services chunk has fetched it (header/footer links). */
export const clientConfigStore = createValueStore<ClientConfig>();

/** The client config, or undefined before it arrives (and while pre-rendering). */
export function useClientConfig(): ClientConfig | undefined {
  return useSyncExternalStore(clientConfigStore.subscribe, clientConfigStore.get, () => undefined);
}
