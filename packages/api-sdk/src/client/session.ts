import { REGISTER_TOKEN_STORAGE_KEY, TOKEN_COOKIE_DAYS, TOKEN_STORAGE_KEY } from '@nimbus/domain';
import type { TokenDelivery } from '../contract/endpoints.ts';
import type { CookieJar } from './cookies.ts';
import type { ClientEvents, Emitter, TokenSource } from './events.ts';

export const TOKEN_COOKIE = TOKEN_STORAGE_KEY;
/** Query parameter that hands a session to the page (for example from a native app). */
export const TOKEN_QUERY_PARAM = 'token';

export interface BrowserStorage {
  local: Storage;
  session: Storage;
}

/** Storage for where the browser's is missing (pre-rendering in Node): kept in memory. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

export interface TokenStore {
  /** The token to send: this tab's register token, else the persistent one, else the cookie. */
  get(): string | null;
  /** Stores a delivered token: register tokens for this browser session, others persistently. */
  set(token: string, delivery: Exclude<TokenDelivery, 'none'>, source?: TokenSource): void;
  /**
   * Moves this tab's register token to persistent storage (local storage and the cookie) when it
   * is `token`: the session then reaches the member's other tabs. Nothing changes otherwise.
   */
  persist(token: string): void;
  /** Forgets every copy of the token. */
  clear(source: TokenSource): void;
}

export function createTokenStore(
  storage: BrowserStorage,
  cookies: CookieJar,
  events: Emitter<ClientEvents>,
): TokenStore {
  const get = () =>
    storage.session.getItem(REGISTER_TOKEN_STORAGE_KEY) ??
    storage.local.getItem(TOKEN_STORAGE_KEY) ??
    cookies.get(TOKEN_COOKIE) ??
    null;

  const forget = () => {
    storage.session.removeItem(REGISTER_TOKEN_STORAGE_KEY);
    storage.local.removeItem(TOKEN_STORAGE_KEY);
    cookies.remove(TOKEN_COOKIE);
  };

  return {
    get,
    set(token, delivery, source = delivery) {
      // One identity at a time: a new session replaces every copy of the previous one.
      forget();
      if (delivery === 'register') {
        storage.session.setItem(REGISTER_TOKEN_STORAGE_KEY, token);
      } else {
        storage.local.setItem(TOKEN_STORAGE_KEY, token);
        cookies.set(TOKEN_COOKIE, token, TOKEN_COOKIE_DAYS);
      }
      events.emit('token-changed', { token, source });
    },
    persist(token) {
      if (storage.session.getItem(REGISTER_TOKEN_STORAGE_KEY) !== token) return;
      storage.session.removeItem(REGISTER_TOKEN_STORAGE_KEY);
      storage.local.setItem(TOKEN_STORAGE_KEY, token);
      cookies.set(TOKEN_COOKIE, token, TOKEN_COOKIE_DAYS);
    },
    clear(source) {
      const had = get() !== null;
      forget();
      if (had) events.emit('token-changed', { token: null, source });
    },
  };
}

/**
 * Takes a `token` query parameter off the page URL. It is a one-time sign-in link token (never a
 * session token: a session handed over in a link would sign the visitor into someone else's
 * account), which the caller exchanges for a session. Returns the URL without the parameter
 * (for the address bar) and the link token, or null when there was none.
 */
export function takeLinkTokenFromUrl(
  pageUrl: string,
): { cleanedUrl: string; linkToken: string | null } | null {
  const url = new URL(pageUrl);
  const token = url.searchParams.get(TOKEN_QUERY_PARAM);
  if (token === null) return null;
  url.searchParams.delete(TOKEN_QUERY_PARAM);
  return { cleanedUrl: url.toString(), linkToken: token.trim() === '' ? null : token.trim() };
}

export const DEVICE_ID_STORAGE_KEY = 'deviceId';
/** sessionStorage: a sign-in link the visitor has not yet used or declined. */
export const SIGN_IN_LINK_STORAGE_KEY = 'signInLink';
