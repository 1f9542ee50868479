import { useSyncExternalStore } from 'react';

/** Where the ids of the notices this browser dismissed are kept (shared by the three apps). */
export const DISMISSED_NOTICES_KEY = 'dismissedNotices';
const MAX_KEPT = 50;

const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: ReadonlySet<string> } = { raw: null, ids: new Set() };

function read(): ReadonlySet<string> {
  let raw: string | null = null;
  try {
    raw = globalThis.localStorage?.getItem(DISMISSED_NOTICES_KEY) ?? null;
  } catch {
    // Storage refused (private mode): nothing is remembered beyond this page.
  }
  if (raw === cache.raw) return cache.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((v): v is string => typeof v === 'string');
  } catch {
    ids = [];
  }
  cache = { raw, ids: new Set(ids) };
  return cache.ids;
}

/** Remembers that this browser dismissed a notice (the newest ids kept). */
export function dismissNotice(id: string): void {
  const ids = [...read()].filter((known) => known !== id);
  ids.push(id);
  const next = JSON.stringify(ids.slice(-MAX_KEPT));
  try {
    globalThis.localStorage?.setItem(DISMISSED_NOTICES_KEY, next);
  } catch {
    cache = { raw: next, ids: new Set(ids) };
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISMISSED_NOTICES_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
};
const none: ReadonlySet<string> = new Set();

/** The ids this browser dismissed (none while pre-rendering and hydrating). */
export function useDismissedNotices(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, read, () => none);
}
