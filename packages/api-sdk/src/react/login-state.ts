import { useSyncExternalStore } from 'react';
import { useApi } from './context.tsx';
import { useApiQuery } from './hooks.ts';

export type LoginState = 'unknown' | 'loggedIn' | 'loggedOut';

/** The stored session token, re-rendering when it changes. */
export function useToken(): string | null {
  const api = useApi();
  return useSyncExternalStore(
    (onChange) => api.events.on('token-changed', onChange),
    api.tokens.get,
    () => null,
  );
}

/**
 * The login state (spec section 4): unknown until the user-info call answers, then logged in
 * when it succeeds and logged out when it fails. Without a stored token the visitor is logged
 * out at once and no call is made.
 */
export function useLoginState(): LoginState {
  const api = useApi();
  const token = useToken();
  // With a token, read again when the query would run, not only at the last render: logging out
  // resets the queries before this component re-renders, and a refetch then would ask for user
  // info without a token. Without one (most visitors) it is simply off.
  const userInfo = useApiQuery(
    'systemUserInfo',
    {},
    { enabled: token === null ? false : () => api.tokens.get() !== null },
  );
  if (token === null) return 'loggedOut';
  if (userInfo.isSuccess) return 'loggedIn';
  if (userInfo.isError) return 'loggedOut';
  return 'unknown';
}
