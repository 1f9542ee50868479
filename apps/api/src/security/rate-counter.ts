import type { Db } from '../db/database.ts';

export interface CounterState {
  count: number;
  /** When the current window ends (UTC ms). */
  resetAt: number;
}

/**
 * Fixed-window counters in the database, so a limit holds across every API process sharing it.
 * One upsert per hit (INSERT ... ON CONFLICT DO UPDATE ... RETURNING works on both dialects).
 */
export class RateCounters {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    const windowStart = now - (now % windowMs);
    const row = await this.db.insertInto('rate_counters')
      .values({ key, window_start: windowStart, count: 1, expires_at: windowStart + windowMs })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: windowStart + windowMs };
  }

  async peek(key: string, windowMs: number, now: number): Promise<CounterState> {
    const windowStart = now - (now % windowMs);
    const row = await this.db.selectFrom('rate_counters').select('count')
      .where('key', '=', key).where('window_start', '=', windowStart)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), resetAt: windowStart + windowMs };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('expires_at', '<', now).execute();
  }
}
