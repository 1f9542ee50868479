import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`. States that depend on the clock (an expiry
 * passing, a cool-down ending, a group buy closing) change on screen without a reload.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
