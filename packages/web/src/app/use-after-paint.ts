import { useEffect, useState } from 'react';

/**
 * False until `ready` has been true through one committed render, then true, one task later.
 * A page whose data arrives all at once (pricing: the plans and the order summary) renders its
 * main part first and the rest in the next task: two shorter tasks instead of one that blocks
 * taps for a long time on a slow phone. Once true it stays true.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, [ready, shown]);
  return shown;
}
