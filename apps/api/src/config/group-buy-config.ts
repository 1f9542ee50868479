import { GROUP_BUY_DURATION_HOURS_DEFAULT } from '@nimbus/domain';
import { intSetting, type Setting } from './settings.ts';

/**
 * Group-buy settings from the environment values env.ts hands over (never process.env here).
 * The service switch and start time are the site configuration's (GROUP_BUY_ENABLED,
 * GROUP_BUY_STARTS_AT, GROUP_BUY_ENDS_AT); these are the group's own timings.
 */
export interface GroupBuyConfig {
  /** How long a new group stays open (domain default 24 hours). */
  durationHours: number;
  /** How long a friend's seat in a pay-self group is held while their share is unpaid. */
  seatHoldMinutes: number;
}

/** Scheduled jobs (group expiry, refunds): how often they run; 0 turns them off in this process. */
export interface JobsConfig {
  intervalMs: number;
}

export function parseGroupBuyConfig(get: Setting, problems: string[]): GroupBuyConfig {
  return {
    durationHours: intSetting(
      get,
      'GROUP_BUY_DURATION_HOURS',
      GROUP_BUY_DURATION_HOURS_DEFAULT,
      1,
      24 * 30,
      problems,
    ),
    seatHoldMinutes: intSetting(get, 'GROUP_BUY_SEAT_HOLD_MINUTES', 15, 1, 24 * 60, problems),
  };
}

export function parseJobsConfig(get: Setting, problems: string[]): JobsConfig {
  return {
    intervalMs: intSetting(get, 'JOBS_INTERVAL_SECONDS', 60, 0, 24 * 60 * 60, problems) * 1000,
  };
}
