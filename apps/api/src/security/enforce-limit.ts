import { ErrorCode } from '@nimbus/api-sdk/contract';
import { Refusal } from '../errors/refusal.ts';
import type { RateCounters } from './rate-counter.ts';

/** Counts one event under `key`; past the limit the call is refused with RATE_LIMITED. */
export async function enforceLimit(
  counters: RateCounters,
  key: string,
  limit: { max: number; windowMs: number },
  now: number,
): Promise<void> {
  const state = await counters.hit(key, limit.windowMs, now);
  if (state.count > limit.max) throw new Refusal(ErrorCode.RATE_LIMITED);
}
