/** The sessionStorage flag that allows one reload per tab for a failed page module. */
export const CHUNK_RELOAD_FLAG = 'nimbus:chunk-reload';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

/** True for the errors a browser throws when a page module (a lazy chunk) cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
  );
}

export interface ChunkReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
}

function defaultEnv(): ChunkReloadEnv {
  let storage: ChunkReloadEnv['storage'] = null;
  try {
    storage = globalThis.sessionStorage ?? null;
  } catch {
    storage = null;
  }
  return { storage, reload: () => globalThis.location.reload() };
}

/**
 * A page module failed to load (usually a new deployment replaced the hashed chunks): reload
 * once, since the new HTML names the new chunks. The session flag stops a reload loop when the
 * chunk is really unavailable; then the error page shows. Returns true when it reloads.
 */
export function reloadOnceForChunkError(
  error: unknown,
  env: ChunkReloadEnv = defaultEnv(),
): boolean {
  if (!isChunkLoadError(error) || !env.storage) return false;
  if (env.storage.getItem(CHUNK_RELOAD_FLAG)) return false;
  env.storage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
  env.reload();
  return true;
}

/** After a page loaded fine, a later failure may reload once again. */
export function clearChunkReloadFlag(
  storage: ChunkReloadEnv['storage'] = defaultEnv().storage,
): void {
  try {
    storage?.removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}
