import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `endAt` (a UTC timestamp in ms), re-rendered every `tickMs`.
 * It reads the clock on each tick instead of counting ticks, so a throttled background tab
 * shows the right value when it wakes. `null` means no countdown is running.
 */
export function useRemaining(endAt: number | null, tickMs = 1000): number {
  const [remaining, setRemaining] = useState(() =>
    endAt == null ? 0 : Math.max(0, endAt - Date.now()),
  );

  useEffect(() => {
    if (endAt == null) {
      setRemaining(0);
      return undefined;
    }
    const update = () => {
      const left = Math.max(0, endAt - Date.now());
      setRemaining(left);
      return left;
    };
    if (update() === 0) return undefined;
    const timer = setInterval(() => {
      if (update() === 0) clearInterval(timer);
    }, tickMs);
    return () => clearInterval(timer);
  }, [endAt, tickMs]);

  return remaining;
}
