import { describe, expect, test } from 'vitest';
import { minutesToMs } from './duration.ts';
import { NO_MEMBERSHIP } from './membership.ts';
import { checkFreeTrial, grantFreeTrial, grantInvitedTrial } from './trial.ts';

const NOW = Date.UTC(2026, 3, 1, 12);

describe('the 15-minute free trial', () => {
  test.each([
    ['a new account on a new device gets it', false, false, { ok: true, value: true }],
    [
      'an account that used it is refused',
      true,
      false,
      { ok: false, error: 'trial_used_by_account' },
    ],
    [
      'a device that used it is refused, whatever the account',
      false,
      true,
      { ok: false, error: 'trial_used_by_device' },
    ],
    [
      'both used: the account reason is given',
      true,
      true,
      { ok: false, error: 'trial_used_by_account' },
    ],
  ])('%s', (_rule, accountUsedTrial, deviceUsedTrial, expected) => {
    expect(checkFreeTrial({ accountUsedTrial, deviceUsedTrial })).toEqual(expected);
  });

  test('it adds 15 minutes of Standard from now', () => {
    expect(
      grantFreeTrial({
        accountUsedTrial: false,
        deviceUsedTrial: false,
        membership: NO_MEMBERSHIP,
        now: NOW,
      }),
    ).toEqual({
      ok: true,
      value: {
        membership: { standardExpiresAt: NOW + minutesToMs(15), liteExpiresAt: null },
        planType: 1,
        durationMs: minutesToMs(15),
        expiresAt: NOW + minutesToMs(15),
      },
    });
  });

  test('it extends running time instead of replacing it', () => {
    const membership = { standardExpiresAt: NOW + minutesToMs(60), liteExpiresAt: null };
    const r = grantFreeTrial({
      accountUsedTrial: false,
      deviceUsedTrial: false,
      membership,
      now: NOW,
    });
    expect(r.ok && r.value.expiresAt).toBe(NOW + minutesToMs(75));
  });

  test('a refused trial grants nothing', () => {
    expect(
      grantFreeTrial({
        accountUsedTrial: false,
        deviceUsedTrial: true,
        membership: NO_MEMBERSHIP,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: 'trial_used_by_device' });
  });
});

describe("the invited friend's trial", () => {
  const base = {
    inviteCode: 'ABCD2345',
    inviterExists: true,
    contactVerified: true,
    deviceUsedInvitedTrial: false,
    withinTrialCap: true,
    membership: NO_MEMBERSHIP,
    now: NOW,
  };
  test.each([
    [
      'a valid invite code gives 3 hours by default',
      {},
      { ok: true, value: { expiresAt: NOW + minutesToMs(180) } },
    ],
    [
      'the minutes are configurable',
      { minutes: 60 },
      { ok: true, value: { expiresAt: NOW + minutesToMs(60) } },
    ],
    [
      'registering without a code gives none',
      { inviteCode: null },
      { ok: false, error: 'no_invite_code' },
    ],
    [
      'a code of nobody gives none',
      { inviterExists: false },
      { ok: false, error: 'invite_code_invalid' },
    ],
    [
      'a device that already had an invited trial gets none',
      { deviceUsedInvitedTrial: true },
      { ok: false, error: 'trial_used_by_device' },
    ],
    [
      'a username-only account (nothing verified) gets none',
      { contactVerified: false },
      { ok: false, error: 'contact_not_verified' },
    ],
    [
      'an address past the anonymous trial cap gets none',
      { withinTrialCap: false },
      { ok: false, error: 'trial_limit_reached' },
    ],
  ])('%s', (_rule, patch, expected) => {
    expect(grantInvitedTrial({ ...base, ...patch })).toMatchObject(expected);
  });

  test('Lite time is given when asked for', () => {
    const r = grantInvitedTrial({ ...base, planType: 2 });
    expect(r.ok && r.value.membership).toEqual({
      standardExpiresAt: null,
      liteExpiresAt: NOW + minutesToMs(180),
    });
  });

  test.each([0, -5, 1.5])('%s configured minutes is a programmer error', (minutes) => {
    expect(() => grantInvitedTrial({ ...base, minutes })).toThrow(RangeError);
  });
});
