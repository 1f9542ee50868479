import { describe, expect, test } from 'vitest';
import { enableState } from './enable-state.ts';

const now = Date.UTC(2026, 3, 10, 8);
const day = 86_400_000;

describe('enableState (once in 7 days)', () => {
  test.each([
    [
      'never enabled: may enable now',
      { enabled: false, enabledAt: null, nextEnableAt: null },
      { canEnable: true, availableAt: null },
    ],
    [
      'disabled 2 days after enabling: waits 5 more days',
      { enabled: false, enabledAt: null, nextEnableAt: now + 5 * day },
      { canEnable: false, availableAt: now + 5 * day },
    ],
    [
      'disabled and the 7 days are over: may enable',
      { enabled: false, enabledAt: null, nextEnableAt: now - 1 },
      { canEnable: true, availableAt: null },
    ],
    [
      'enabled: cannot enable again, the date comes from the server',
      { enabled: true, enabledAt: now - day, nextEnableAt: now + 6 * day },
      { canEnable: false, availableAt: now + 6 * day },
    ],
    [
      'enabled without a server date: 7 days after enabledAt',
      { enabled: true, enabledAt: now - day, nextEnableAt: null },
      { canEnable: false, availableAt: now + 6 * day },
    ],
  ])('%s', (_name, status, expected) => {
    expect(enableState(status, now)).toEqual(expected);
  });
});
