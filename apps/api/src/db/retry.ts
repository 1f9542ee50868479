/**
 * Whether PostgreSQL aborted a transaction that may simply be run again: chosen as a deadlock's
 * victim (40P01) or failed as a serialization conflict (40001). Nothing of it was committed.
 */
export function isRetryableAbort(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs a whole transaction again, up to `attempts` times in all, when PostgreSQL aborted it
 * (isRetryableAbort); any other error, or the last attempt's, is thrown. Only for transactions
 * that change nothing outside the database and decide everything from what they read inside it,
 * so a run after an aborted one is the same as a first run. The one lock order
 * (docs/architecture.md, "Row locks, one order") keeps deadlocks out; this is for what it cannot
 * foresee, such as a member who joined a group between the read of its members and their locks.
 */
export async function retryAborted<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableAbort(error)) throw error;
    }
  }
}
