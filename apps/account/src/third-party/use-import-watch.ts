import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientId } from './clients.ts';

/** How long the page waits for the client app to take over before it offers help. */
export const IMPORT_TIMEOUT_MS = 2500;

/**
 * Notices when a one-click import opened nothing. A deep link to an installed client moves the
 * focus (the page blurs or is hidden); when the page is still focused and visible after the
 * timeout, the client is most likely missing, and `failed` names it.
 */
export function useImportWatch(timeoutMs = IMPORT_TIMEOUT_MS) {
  const [failed, setFailed] = useState<ClientId | null>(null);
  const cleanup = useRef<(() => void) | null>(null);

  const stop = useCallback(() => {
    cleanup.current?.();
    cleanup.current = null;
  }, []);

  const watch = useCallback(
    (client: ClientId) => {
      stop();
      setFailed(null);
      const left = () => stop();
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') stop();
      };
      const timer = setTimeout(() => {
        const stillHere = document.visibilityState === 'visible' && document.hasFocus();
        stop();
        if (stillHere) setFailed(client);
      }, timeoutMs);
      window.addEventListener('blur', left);
      window.addEventListener('pagehide', left);
      document.addEventListener('visibilitychange', onVisibility);
      cleanup.current = () => {
        clearTimeout(timer);
        window.removeEventListener('blur', left);
        window.removeEventListener('pagehide', left);
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    [stop, timeoutMs],
  );

  useEffect(() => stop, [stop]);
  return { failed, watch, dismiss: () => setFailed(null) };
}
