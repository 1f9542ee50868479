import { describe, expect, test } from 'vitest';
import * as c from './constants.ts';

describe('spec section 9 constants', () => {
  test.each([
    ['free trial is 15 minutes', c.FREE_TRIAL_MINUTES, 15],
    ['invited friend trial defaults to 3 hours', c.INVITED_TRIAL_MINUTES_DEFAULT, 180],
    ['password minimum is 8', c.PASSWORD_MIN_LENGTH, 8],
    ['HTTP timeout is 10 s', c.HTTP_TIMEOUT_MS, 10_000],
    ['nonce length is 8', c.NONCE_LENGTH, 8],
    ['token cookie lives 30 days', c.TOKEN_COOKIE_DAYS, 30],
    ['tracking cookies live 7 days', c.TRACKING_COOKIE_DAYS, 7],
    ['user-info cache is 2 s', c.USER_INFO_CACHE_MS, 2_000],
    ['prefetch cache is 3 min', c.PREFETCH_CACHE_MS, 180_000],
    ['prefetch delay is 1.5 s', c.PREFETCH_DELAY_MS, 1_500],
    ['copy feedback lasts 3 s', c.COPY_FEEDBACK_MS, 3_000],
    ['ellipsis shows 1 row', c.ELLIPSIS_DEFAULT_ROWS, 1],
    ['desktop breakpoint is 960 px', c.DESKTOP_BREAKPOINT_PX, 960],
    ['mobile font base is 50 px', c.MOBILE_FONT_BASE_PX, 50],
    ['third-party speed limit is 10 Mbps', c.THIRD_PARTY_SPEED_LIMIT_MBPS, 10],
    ['third-party enable cool-down is 7 days', c.THIRD_PARTY_ENABLE_COOLDOWN_DAYS, 7],
    ['KOL renewal rate is 20 %', c.KOL_RENEWAL_RATE_PERCENT, 20],
    ['KOL payout threshold is $100', c.KOL_PAYOUT_THRESHOLD_MINOR, 10_000],
    [
      'KOL first-purchase rate is 25-100 %',
      [c.KOL_FIRST_PURCHASE_RATE_MIN_PERCENT, c.KOL_FIRST_PURCHASE_RATE_MAX_PERCENT].join('-'),
      '25-100',
    ],
    ['commission is held 30 days by default', c.KOL_HOLDING_PERIOD_DAYS_DEFAULT, 30],
    [
      'usernames are 4-20 characters',
      [c.USERNAME_MIN_LENGTH, c.USERNAME_MAX_LENGTH].join('-'),
      '4-20',
    ],
    [
      'invite codes are 6-12 characters',
      [c.INVITE_CODE_MIN_LENGTH, c.INVITE_CODE_MAX_LENGTH].join('-'),
      '6-12',
    ],
    ['verification codes are 6 digits', c.VERIFICATION_CODE_LENGTH, 6],
    ['payment is "not detected" after 15 minutes', c.PAYMENT_NOT_DETECTED_MINUTES_DEFAULT, 15],
    ['Lite time converts at 50 % by default', c.LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT, 50],
    ['the default language is Chinese', c.DEFAULT_LANGUAGE, 'zh-CN'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  test('group buys are for 2 or 3 people', () => {
    expect(c.GROUP_BUY_SIZES).toEqual([2, 3]);
  });

  test('the desktop font scale makes 100 px at a 1920 px window', () => {
    expect(Math.round((1920 * c.DESKTOP_FONT_SCALE_PERCENT) / 100)).toBe(100);
  });

  test('the nonce alphabet is letters and digits', () => {
    expect(c.NONCE_ALPHABET).toMatch(/^[A-Za-z0-9]{62}$/);
  });
});
