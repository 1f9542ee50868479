import { describe, expect, test } from 'vitest';
import { daysToMs, MS_PER_HOUR } from './duration.ts';
import {
  disableThirdPartyClient,
  enableThirdPartyClient,
  THIRD_PARTY_CLIENT_NEVER_ENABLED,
  thirdPartyCooldown,
  thirdPartySpeedLimitMbps,
  type ThirdPartyClientState,
} from './third-party-client.ts';

const NOW = Date.UTC(2026, 7, 10, 9);
const enabledDaysAgo = (days: number, enabled = false): ThirdPartyClientState => ({
  enabled,
  lastEnabledAt: NOW - daysToMs(days),
});

describe('enabling the third-party client', () => {
  test.each<[string, ThirdPartyClientState, object]>([
    [
      'never enabled: it may be enabled',
      THIRD_PARTY_CLIENT_NEVER_ENABLED,
      { ok: true, value: { enabled: true, lastEnabledAt: NOW } },
    ],
    [
      'enabled 7 days ago and switched off: it may be enabled again',
      enabledDaysAgo(7),
      { ok: true, value: { enabled: true, lastEnabledAt: NOW } },
    ],
    [
      'enabled 6 days ago and switched off: refused until day 7',
      enabledDaysAgo(6),
      { ok: false, error: 'cooldown', params: { availableAt: NOW + daysToMs(1) } },
    ],
    [
      'already on: nothing to enable',
      enabledDaysAgo(30, true),
      { ok: false, error: 'already_enabled' },
    ],
  ])('%s', (_rule, state, expected) => {
    expect(enableThirdPartyClient(state, NOW)).toEqual(expected);
  });

  test('switching off keeps the clock running, so switching straight back on is refused', () => {
    const on = enableThirdPartyClient(THIRD_PARTY_CLIENT_NEVER_ENABLED, NOW);
    if (!on.ok) throw new Error(on.error);
    const off = disableThirdPartyClient(on.value);
    expect(off).toEqual({ enabled: false, lastEnabledAt: NOW });
    expect(enableThirdPartyClient(off, NOW + MS_PER_HOUR)).toMatchObject({
      ok: false,
      error: 'cooldown',
    });
  });

  test.each<[string, ThirdPartyClientState, object]>([
    [
      'never enabled: available now',
      THIRD_PARTY_CLIENT_NEVER_ENABLED,
      { canEnable: true, availableAt: null, remaining: { remainingMs: 0, ended: true } },
    ],
    [
      'enabled 5 days 12 hours ago: 1 day 12 hours to wait',
      { enabled: false, lastEnabledAt: NOW - daysToMs(5) - 12 * MS_PER_HOUR },
      {
        canEnable: false,
        availableAt: NOW + daysToMs(1) + 12 * MS_PER_HOUR,
        remaining: { days: 1, hours: 12, minutes: 0, seconds: 0, ended: false },
      },
    ],
    [
      'enabled and running 8 days: nothing to wait for, nothing to enable',
      enabledDaysAgo(8, true),
      { canEnable: false, availableAt: null },
    ],
  ])('cool-down: %s', (_rule, state, expected) => {
    expect(thirdPartyCooldown(state, NOW)).toMatchObject(expected);
  });

  test.each([
    ['while enabled speed is limited to 10 Mbps', true, 10],
    ['while disabled there is no limit', false, null],
  ])('%s', (_rule, enabled, expected) => {
    expect(thirdPartySpeedLimitMbps({ enabled, lastEnabledAt: NOW })).toBe(expected);
  });
});
