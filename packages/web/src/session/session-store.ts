import { REGISTER_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@nimbus/domain/constants';
import { useSyncExternalStore } from 'react';

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
 * Whether this browser holds a session token (or is handed one by ?token=), read without the
 * API client: the header and guards know "surely logged out" before the SDK chunk arrives.
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

export interface SessionStore {
  get(): SessionState;
  set(state: SessionState): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(
  initial: SessionState = hasSessionHint() ? 'unknown' : 'loggedOut',
): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide login state; the services chunk keeps it true once the API client runs. */
export const sessionStore = createSessionStore();

/**
 * The login state for rendering. During hydration it is what the pre-rendered HTML showed
 * (logged out), so hydration matches; right after, the real state.
 */
export function useSessionState(store: SessionStore = sessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.get, () => 'loggedOut');
}
