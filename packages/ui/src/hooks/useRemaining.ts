import { useMemo, useSyncExternalStore } from 'react';

/** The time left until one moment, as a store React subscribes to (the clock is outside React). */
function countdownStore(endAt: number | null, tickMs: number) {
  const read = () => (endAt == null ? 0 : Math.max(0, endAt - Date.now()));
  let value: number | undefined;
  return {
    getSnapshot(): number {
      value ??= read();
      return value;
    },
    subscribe(notify: () => void): () => void {
      if (endAt == null) return () => undefined;
      const update = () => {
        const left = read();
        if (left !== value) {
          value = left;
          notify();
        }
        return left;
      };
      // Time passed between the render and the subscription: catch up at once.
      if (update() === 0) return () => undefined;
      const timer = setInterval(() => {
        if (update() === 0) clearInterval(timer);
      }, tickMs);
      return () => clearInterval(timer);
    },
  };
}

/**
 * Milliseconds left until `endAt` (a UTC timestamp in ms), re-rendered every `tickMs`.
 * It reads the clock on each tick instead of counting ticks, so a throttled background tab
 * shows the right value when it wakes. `null` means no countdown is running.
 */
export function useRemaining(endAt: number | null, tickMs = 1000): number {
  const store = useMemo(() => countdownStore(endAt, tickMs), [endAt, tickMs]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
