/**
 * The client's events, which the apps subscribe to: they show the toast, navigate to the login
 * page and refresh what depends on the session. A small typed emitter, no dependency.
 */

export interface ErrorToast {
  /**
   * Text to show when the app has no translation for `messageKey`: the server's msg or a default.
   */
  message: string;
  /** i18n key with namespace (for example `errors:network`) when the text is a known one. */
  messageKey?: string;
  code?: number;
  status?: string;
  path: string;
  requestId?: string | null;
}

export type TokenSource = 'login' | 'register' | 'url' | 'logout' | 'unauthorized';

export interface ClientEvents {
  'error-toast': ErrorToast;
  /** An authenticated call was refused: the app redirects to its login page. */
  unauthorized: { path: string };
  'token-changed': { token: string | null; source: TokenSource };
}

export type Listener<T> = (payload: T) => void;

export interface Emitter<E> {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof E>(type: K, listener: Listener<E[K]>): () => void;
  off<K extends keyof E>(type: K, listener: Listener<E[K]>): void;
  emit<K extends keyof E>(type: K, payload: E[K]): void;
}

export function createEmitter<E>(): Emitter<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>();
  const off = <K extends keyof E>(type: K, listener: Listener<E[K]>) => {
    listeners.get(type)?.delete(listener as Listener<never>);
  };
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => off(type, listener);
    },
    off,
    emit(type, payload) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        // One failing listener must not keep the others from hearing the event.
        try {
          (listener as Listener<E[typeof type]>)(payload);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
