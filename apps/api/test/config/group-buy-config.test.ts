import { GROUP_BUY_DURATION_HOURS_DEFAULT, KOL_HOLDING_PERIOD_DAYS_DEFAULT } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

describe('group-buy, KOL and job settings from the environment', () => {
  test('documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      groupBuy: { durationHours: GROUP_BUY_DURATION_HOURS_DEFAULT, seatHoldMinutes: 15 },
      kol: { holdingDays: KOL_HOLDING_PERIOD_DAYS_DEFAULT },
      jobs: { intervalMs: 60_000 },
    });
  });

  test('read when set', () => {
    expect(
      loadConfig({
        GROUP_BUY_DURATION_HOURS: '48',
        GROUP_BUY_SEAT_HOLD_MINUTES: '5',
        KOL_HOLDING_DAYS: '14',
        JOBS_INTERVAL_SECONDS: '0',
      }),
    ).toMatchObject({
      groupBuy: { durationHours: 48, seatHoldMinutes: 5 },
      kol: { holdingDays: 14 },
      jobs: { intervalMs: 0 },
    });
  });

  test('every bad value is reported at once', () => {
    let error: unknown;
    try {
      loadConfig({
        GROUP_BUY_DURATION_HOURS: '0',
        GROUP_BUY_SEAT_HOLD_MINUTES: 'soon',
        KOL_HOLDING_DAYS: '-1',
        JOBS_INTERVAL_SECONDS: '1.5',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'GROUP_BUY_DURATION_HOURS must be an integer from 1 to 720 (got "0")',
      'GROUP_BUY_SEAT_HOLD_MINUTES must be an integer from 1 to 1440 (got "soon")',
      'KOL_HOLDING_DAYS must be an integer from 0 to 365 (got "-1")',
      'JOBS_INTERVAL_SECONDS must be an integer from 0 to 86400 (got "1.5")',
    ]);
  });
});
