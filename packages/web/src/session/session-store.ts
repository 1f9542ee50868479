import { REGISTER_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@nimbus/domain/constants';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** The spec's login state (section 4): unknown, then logged in or logged out. */
export type SessionState = 'unknown' | 'loggedIn' | 'loggedOut';

function readStorage(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return globalThis[kind]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether this browser holds a session token (or is handed a sign-in link's ?token=, which the
 * SDK takes off the address bar before anything is decided: the guards then wait for the API
 * client rather than sending the link into a login URL), read without the API client: the header and guards know "surely
 * logged out" before the SDK chunk arrives.
 * The places are the SDK's (register token, persistent token, parent-domain cookie).
 */
export function hasSessionHint(): boolean {
  if (
    readStorage('sessionStorage', REGISTER_TOKEN_STORAGE_KEY) ||
    readStorage('localStorage', TOKEN_STORAGE_KEY)
  )
    return true;
  const cookie = globalThis.document?.cookie ?? '';
  if (
    cookie
      .split(/;\s*/)
      .some(
        (part) =>
          part.startsWith(`${TOKEN_STORAGE_KEY}=`) && part.length > TOKEN_STORAGE_KEY.length + 1,
      )
  )
    return true;
  try {
    return new URL(globalThis.location?.href ?? 'http://x/').searchParams.has('token');
  } catch {
    return false;
  }
}

/** The login state as a zustand store: `getState()`, `setState(next)`, `subscribe`. */
export type SessionStore = StoreApi<SessionState>;

/**
 * A session store whose state is `current`. Its initial state is what pre-rendered HTML shows
 * (logged out): zustand's useStore hands the initial state to React while hydrating, so
 * hydration matches, and the current one right after.
 */
export function createSessionStore(
  current: SessionState = hasSessionHint() ? 'unknown' : 'loggedOut',
): SessionStore {
  const store = createStore<SessionState>()(() => 'loggedOut');
  store.setState(current, true);
  return store;
}

/** The app-wide login state; the services chunk keeps it true once the API client runs. */
export const sessionStore = createSessionStore();

/** The login state for rendering (logged out while hydrating pre-rendered HTML). */
export function useSessionState(store: SessionStore = sessionStore): SessionState {
  return useStore(store);
}
