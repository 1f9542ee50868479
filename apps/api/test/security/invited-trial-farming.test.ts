import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/security/limits.ts';
import { registerWithEmail, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 15, item 2: eight user_register calls from one address with an invite code and no
 * device id each got the 3-hour invited trial; only the 30 registrations per hour applied,
 * while anonymous trials are capped at 5 per address per day. Now a username-only account gets
 * no invited trial (nothing about it is verified), and invited trials of verified e-mail or
 * phone accounts count against the same per-address cap as the anonymous trial.
 */

let t: TestApp;
let inviteCode: string;

beforeAll(async () => {
  // The server's default per-address limits (the test app relaxes them unless given).
  t = await startTestApp({
    limits: {
      trialAccountsPerIp: DEFAULT_LIMITS.trialAccountsPerIp,
      registrationsPerIp: DEFAULT_LIMITS.registrationsPerIp,
    },
  });
  const inviter = new Client(t.app, '10.20.0.1');
  await registerWithUsername(inviter);
  inviteCode = (await inviter.signedCall('systemUserInfo', {})).body.data?.inviteCode ?? '';
  expect(inviteCode).not.toBe('');
});
afterAll(() => t.close());

/** A fresh client from `ip` with no device id, as the farm sent them. */
const fromAddress = (ip: string) => new Client(t.app, ip);

const membershipOf = async (userId: string) =>
  (
    await t.app.services.db
      .selectFrom('users')
      .select(['standard_expires_at', 'lite_expires_at'])
      .where('id', '=', Number(userId))
      .executeTakeFirstOrThrow()
  ).standard_expires_at;

describe('the invited trial', () => {
  test('a username-only account gets none: eight from one address get nothing', async () => {
    for (let i = 0; i < 8; i++) {
      const { data, userId } = await registerWithUsername(fromAddress('10.20.1.1'), {
        inviteCode,
      });
      expect(data.trialSeconds, `registration ${i + 1}`).toBe(0);
      expect(await membershipOf(userId)).toBeNull();
    }
  });

  test('verified accounts from one address share the anonymous trial cap (5 a day)', async () => {
    const ip = '10.20.2.1';
    // Two anonymous trials from the address first.
    for (let i = 0; i < 2; i++) await fromAddress(ip).ok('userTrial', {});
    const trials: number[] = [];
    for (let i = 0; i < 5; i++)
      trials.push((await registerWithEmail(fromAddress(ip), { inviteCode })).data.trialSeconds);
    expect(trials).toEqual([10_800, 10_800, 10_800, 0, 0]);
    // The accounts themselves are made and bound to the inviter; only the trial is withheld.
    // Another address is not affected.
    expect(
      (await registerWithEmail(fromAddress('10.20.3.1'), { inviteCode })).data.trialSeconds,
    ).toBe(10_800);
  });
});
