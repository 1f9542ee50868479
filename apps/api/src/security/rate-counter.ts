import type { Db } from '../db/database.ts';

export interface CounterState {
  /**
   * Events in the last window, estimated: this window's count plus the previous window's,
   * weighted by how much of it still lies within `windowMs` of now. Not a whole number.
   */
  count: number;
  /** This window's own count. */
  current: number;
  /** The previous window's count. */
  previous: number;
  /** When the current window started (UTC ms). */
  windowStart: number;
  windowMs: number;
}

/**
 * Sliding-window counters in the database, so a limit holds across every API process sharing
 * it. Each hit adds one to the counter of the clock-aligned window it falls in (one upsert:
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING on both dialects); the rate is that count
 * plus the previous window's, weighted by its share of the last `windowMs`. A fixed window
 * alone lets a client send twice the limit across a boundary (all at the end of one window,
 * all again at the start of the next); the weighted estimate does not.
 */
export class RateCounters {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    const windowStart = now - (now % windowMs);
    // The previous window no longer changes: it is read beside the upsert, not after it.
    const [row, previous] = await Promise.all([
      this.db
        .insertInto('rate_counters')
        // Kept for two windows: the next window weighs this one.
        .values({
          key,
          window_start: windowStart,
          count: 1,
          expires_at: windowStart + 2 * windowMs,
        })
        .onConflict((oc) =>
          oc
            .columns(['key', 'window_start'])
            .doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) })),
        )
        .returning('count')
        .executeTakeFirstOrThrow(),
      this.count(key, windowStart - windowMs),
    ]);
    return estimate(Number(row.count), previous, windowStart, windowMs, now);
  }

  async peek(key: string, windowMs: number, now: number): Promise<CounterState> {
    const windowStart = now - (now % windowMs);
    const [current, previous] = await Promise.all([
      this.count(key, windowStart),
      this.count(key, windowStart - windowMs),
    ]);
    return estimate(current, previous, windowStart, windowMs, now);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('expires_at', '<', now).execute();
  }

  private async count(key: string, windowStart: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_counters')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }
}

function estimate(
  current: number,
  previous: number,
  windowStart: number,
  windowMs: number,
  now: number,
): CounterState {
  const previousShare = (windowMs - (now - windowStart)) / windowMs;
  return { count: current + previous * previousShare, current, previous, windowStart, windowMs };
}

/**
 * When the estimate falls below `max` if nothing more happens (now when it already is): within
 * this window as the previous one's share shrinks, else in the next one as this one's does.
 */
export function belowLimitAt(state: CounterState, max: number, now: number): number {
  const { current, previous, windowStart, windowMs } = state;
  if (state.count < max) return now;
  if (current < max && previous > 0)
    return Math.ceil(windowStart + windowMs * (1 - (max - current) / previous)) + 1;
  return Math.ceil(windowStart + windowMs + windowMs * (1 - max / current)) + 1;
}
