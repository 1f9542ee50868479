import type { ApiClient } from '@nimbus/api-sdk';
import type { SessionState } from '../session/session-store.ts';

export interface EventWiring {
  /** The text of an i18n key with namespace, or undefined when the catalogue has none. */
  translate: (key: string) => Promise<string | undefined>;
  showError: (message: string) => void;
  /** The page the visitor is on (path + query + hash), to come back to after logging in. */
  currentPath: () => string;
  goToLogin: (returnTo: string) => void;
  setSession: (state: SessionState) => void;
  /** Asks the server who the visitor is; resolves true when the session is valid. */
  checkSession: () => Promise<boolean>;
}

/**
 * The SDK events every app handles alike:
 * - 'error-toast': an error toast, in the catalogue's words when the SDK names a key it knows
 *   (network, device id), otherwise the server's msg (already in the visitor's language);
 * - 'unauthorized': the login page, with a way back to where the visitor was;
 * - 'token-changed': the login state follows the session.
 * Returns the function that unsubscribes everything.
 */
export function wireApiEvents(
  api: Pick<ApiClient, 'events' | 'tokens'>,
  wiring: EventWiring,
): () => void {
  let check = 0;
  const refreshSession = () => {
    const id = (check += 1);
    if (api.tokens.get() === null) {
      wiring.setSession('loggedOut');
      return;
    }
    wiring.setSession('unknown');
    wiring.checkSession().then(
      (valid) => id === check && wiring.setSession(valid ? 'loggedIn' : 'loggedOut'),
      () => id === check && wiring.setSession('loggedOut'),
    );
  };

  const offs = [
    api.events.on('error-toast', ({ message, messageKey }) => {
      if (!messageKey) {
        wiring.showError(message);
        return;
      }
      wiring.translate(messageKey).then(
        (text) => wiring.showError(text ?? message),
        () => wiring.showError(message),
      );
    }),
    api.events.on('unauthorized', () => {
      wiring.setSession('loggedOut');
      wiring.goToLogin(wiring.currentPath());
    }),
    api.events.on('token-changed', refreshSession),
  ];
  refreshSession();
  return () => offs.forEach((off) => off());
}
