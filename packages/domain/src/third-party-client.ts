import { THIRD_PARTY_ENABLE_COOLDOWN_DAYS, THIRD_PARTY_SPEED_LIMIT_MBPS } from './constants.ts';
import { countdown, type Countdown } from './countdown.ts';
import { daysToMs } from './duration.ts';
import { err, ok, type Result } from './result.ts';

/** The third-party client switch of an account. */
export interface ThirdPartyClientState {
  readonly enabled: boolean;
  /** When it was last switched on, or null if never. */
  readonly lastEnabledAt: number | null;
}

export const THIRD_PARTY_CLIENT_NEVER_ENABLED: ThirdPartyClientState = {
  enabled: false,
  lastEnabledAt: null,
};

/**
 * The instant from which it may be switched on again: 7 days after the last time, or null (any
 * time).
 */
export function thirdPartyNextEnableAt(lastEnabledAt: number | null): number | null {
  return lastEnabledAt === null ? null : lastEnabledAt + daysToMs(THIRD_PARTY_ENABLE_COOLDOWN_DAYS);
}

export interface ThirdPartyCooldown {
  readonly canEnable: boolean;
  /** When it may be enabled again (for "available on <date>"), or null when it may be now. */
  readonly availableAt: number | null;
  /** Time left until then, zero when it may be enabled now. */
  readonly remaining: Countdown;
}

/** How long until the client may be enabled again, and the date. */
export function thirdPartyCooldown(state: ThirdPartyClientState, now: number): ThirdPartyCooldown {
  const next = thirdPartyNextEnableAt(state.lastEnabledAt);
  const waiting = next !== null && now < next;
  return {
    canEnable: !state.enabled && !waiting,
    availableAt: waiting ? next : null,
    remaining: countdown(waiting ? next : now, now),
  };
}

/**
 * Enabling is allowed once within 7 days, counted from the last time it was enabled (switching
 * it off does not reset the clock). A refusal for the cool-down carries `{ availableAt }`.
 */
export function enableThirdPartyClient(
  state: ThirdPartyClientState,
  now: number,
): Result<ThirdPartyClientState, 'already_enabled' | 'cooldown'> {
  if (state.enabled) return err('already_enabled');
  const next = thirdPartyNextEnableAt(state.lastEnabledAt);
  if (next !== null && now < next) return err('cooldown', { availableAt: next });
  return ok({ enabled: true, lastEnabledAt: now });
}

/** Switching off is always allowed; the last enable time is kept for the cool-down. */
export function disableThirdPartyClient(state: ThirdPartyClientState): ThirdPartyClientState {
  return { ...state, enabled: false };
}

/** The speed limit in force: 10 Mbps while the third-party client is enabled, none otherwise. */
export function thirdPartySpeedLimitMbps(state: ThirdPartyClientState): number | null {
  return state.enabled ? THIRD_PARTY_SPEED_LIMIT_MBPS : null;
}
