import { ErrorCode } from '@nimbus/api-sdk/contract';
import { INVITED_TRIAL_MINUTES_DEFAULT, MS_PER_DAY, MS_PER_MINUTE } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/security/limits.ts';
import {
  outboxCode,
  PASSWORD,
  registerWithEmail,
  registerWithUsername,
  uniqueEmail,
  uniquePhone,
  uniqueUsername,
} from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await startTestApp({
    limits: { loginFailuresPerAccountAndIp: { max: 4, windowMs: 15 * MS_PER_MINUTE } },
  });
  client = new Client(t.app);
});
afterEach(() => t.close());

describe('registration', () => {
  test('with a username: the token comes in pragma and the session works', async () => {
    const { username, userId, data } = await registerWithUsername(client);
    expect(data.trialSeconds).toBe(0);
    expect(client.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const exposed = await t.app.inject({
      method: 'POST',
      url: '/v4/api/system/system_public_keys',
      payload: {},
    });
    expect(String(exposed.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'pragma',
    );
    const info = (await client.signedCall('systemUserInfo', {})).body.data;
    expect(info).toMatchObject({
      userId,
      username,
      email: null,
      phone: null,
      standardExpireTime: 0,
      deviceCount: 0,
      hasTrialAvailable: true,
    });
    expect(info?.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(info?.inviteLink).toBe(`/register?ref=${info?.inviteCode}`);
  });

  test('the pragma and deviceId headers are exposed to other origins only when CORS is configured', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v4/api/user/user_login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('with an e-mail address and the code from the outbox', async () => {
    const { email, userId } = await registerWithEmail(client);
    const info = (await client.signedCall('systemUserInfo', {})).body.data;
    expect(info).toMatchObject({ userId, email, username: null });
  });

  test('with a phone number (stored as E.164)', async () => {
    const phone = uniquePhone();
    await client.ok('userSendCode', { channel: 'phone', target: phone, purpose: 'register' });
    const code = await outboxCode(t.app, phone);
    await client.ok('userRegister', {
      channel: 'phone',
      account: phone,
      password: PASSWORD,
      code,
      agreeTerms: true,
    });
    expect((await client.signedCall('systemUserInfo', {})).body.data?.phone).toBe(phone);
  });

  test('e-mail registration without the right code is refused and creates nothing', async () => {
    const email = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const code = await outboxCode(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answer = await client.call('userRegister', {
      channel: 'email',
      account: email,
      password: PASSWORD,
      code: wrong,
      agreeTerms: true,
    });
    expect(answer.body).toMatchObject({ code: ErrorCode.CODE_INVALID.code, data: null });
    expect(client.token).toBeUndefined();
    expect(
      (
        await client.call('userLogin', {
          channel: 'email',
          account: email,
          password: PASSWORD,
          agreeTerms: true,
        })
      ).body.status,
    ).toBe('InvalidCredentials');
  });

  test('two racing registrations of one e-mail make one account', async () => {
    const email = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const code = await outboxCode(t.app, email);
    const body = {
      channel: 'email',
      account: email,
      password: PASSWORD,
      code,
      agreeTerms: true,
    } as const;
    const answers = await Promise.all([
      new Client(t.app).call('userRegister', body),
      new Client(t.app).call('userRegister', body),
      new Client(t.app).call('userRegister', body),
    ]);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200))
      expect(['CodeInvalid', 'AccountExists']).toContain(a.body.status);
    const rows = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test('two racing registrations of one username make one account', async () => {
    const body = {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
      agreeTerms: true,
    } as const;
    const answers = await Promise.all([
      new Client(t.app).call('userRegister', body),
      new Client(t.app).call('userRegister', body),
    ]);
    expect(answers.map((a) => a.body.status).sort()).toEqual(['OK', 'UsernameTaken']);
  });

  test('a taken username, also in another case, is refused', async () => {
    const { username } = await registerWithUsername(client);
    const answer = await new Client(t.app).call('userRegister', {
      channel: 'username',
      account: username.toUpperCase(),
      password: PASSWORD,
      agreeTerms: true,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.status).toBe('UsernameTaken');
  });

  test('asking a register code for an address with an account does not say so (the owner is told instead)', async () => {
    const { email } = await registerWithEmail(client);
    t.clock.advance(61_000);
    const answer = await new Client(t.app).call('userSendCode', {
      channel: 'email',
      target: email.toUpperCase(),
      purpose: 'register',
    });
    expect(answer.body.status).toBe('OK');
  });

  test.each([
    ['a bad username', 'en', { account: '1abc' }, 'Username must be 4-20 letters'],
    [
      'a bad e-mail address',
      'en',
      { channel: 'email', account: 'someone@localhost', code: '123456' },
      'Invalid email address',
    ],
    [
      'a bad phone number',
      'zh_CN',
      { channel: 'phone', account: '+86123', code: '123456' },
      '手机号',
    ],
    [
      'a short password (refused by the schema)',
      'en',
      { password: 'short' },
      'Please check your input',
    ],
  ])('%s is refused with a localised message', async (_name, language, patch, message) => {
    client.language = language;
    const answer = await client.call('userRegister', {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
      agreeTerms: true,
      ...patch,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED.code, data: null });
    expect(answer.body.msg).toContain(message);
  });

  test('registrations per IP are limited', async () => {
    const limited = await startTestApp({
      limits: { registrationsPerIp: { max: 2, windowMs: 3_600_000 } },
    });
    try {
      const from = () => new Client(limited.app, '10.7.7.7');
      await registerWithUsername(from());
      await registerWithUsername(from());
      const third = await from().call('userRegister', {
        channel: 'username',
        account: uniqueUsername(),
        password: PASSWORD,
        agreeTerms: true,
      });
      expect(third.status).toBe(429);
      expect(third.body.status).toBe('TooManyRequests');
      await registerWithUsername(new Client(limited.app, '10.7.7.8'));
    } finally {
      await limited.close();
    }
  });

  test('the agreement is required', async () => {
    const answer = await client.call('userRegister', {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
      agreeTerms: false,
    });
    expect(answer.status).toBe(400);
  });

  test('an invite code binds the inviter and gives a verified address the invited trial, once per device', async () => {
    const inviter = new Client(t.app);
    await registerWithUsername(inviter);
    const inviteCode = (await inviter.signedCall('systemUserInfo', {})).body.data?.inviteCode ?? '';

    const { data, userId } = await registerWithEmail(client, {
      inviteCode: inviteCode.toLowerCase(),
    });
    expect(data.trialSeconds).toBe(INVITED_TRIAL_MINUTES_DEFAULT * 60);
    const info = (await client.signedCall('systemUserInfo', {})).body.data;
    expect(info?.standardExpireTime).toBe(
      t.clock.now + INVITED_TRIAL_MINUTES_DEFAULT * MS_PER_MINUTE,
    );
    expect(info?.deviceLimit).toBeGreaterThan(0);
    const row = await t.app.services.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', Number(userId))
      .executeTakeFirstOrThrow();
    expect(String(row.inviter_id)).toBe(
      (await inviter.signedCall('systemUserInfo', {})).body.data?.userId,
    );

    // A second account from the same device is bound to the inviter but gets no second trial.
    const sameDevice = new Client(t.app);
    sameDevice.deviceId = client.deviceId;
    const again = await registerWithEmail(sameDevice, { inviteCode });
    expect(again.data.trialSeconds).toBe(0);
  });

  test('the invited trial length is configurable', async () => {
    const custom = await startTestApp({ env: { INVITED_TRIAL_MINUTES: '30' } });
    try {
      const inviter = new Client(custom.app);
      await registerWithUsername(inviter);
      const inviteCode =
        (await inviter.signedCall('systemUserInfo', {})).body.data?.inviteCode ?? '';
      const { data } = await registerWithEmail(new Client(custom.app), { inviteCode });
      expect(data.trialSeconds).toBe(30 * 60);
    } finally {
      await custom.close();
    }
  });

  test("an unknown invite code is refused; using one's own from the same device is self-referral", async () => {
    expect(
      await registerWithUsername(client, { inviteCode: 'ZZZZZZZZ' }).catch(() => undefined),
    ).toBeUndefined();
    const answer = await client.call('userRegister', {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
      agreeTerms: true,
      inviteCode: 'ZZZZZZZZ',
    });
    expect(answer.body.status).toBe('InviteCodeInvalid');

    await registerWithUsername(client);
    const own = (await client.signedCall('systemUserInfo', {})).body.data?.inviteCode ?? '';
    const self = await client.call('userRegister', {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
      agreeTerms: true,
      inviteCode: own,
    });
    expect(self.body.status).toBe('SelfReferral');
  });

  test('tracking attribution is stored with the user', async () => {
    const attribution = {
      gclid: 'g-1',
      twclid: 't-1',
      bd_vid: 'b-1',
      fbclid: 'f-1',
      msclkid: 'm-1',
      ref: 'blog',
      ref_action: 'blog:signup',
    };
    const { userId } = await registerWithUsername(client, { attribution });
    const row = await t.app.services.db
      .selectFrom('user_attribution')
      .selectAll()
      .where('user_id', '=', Number(userId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...attribution, wbraid: null, gbraid: null });
  });
});

describe('login', () => {
  test.each(['username', 'email'] as const)('by %s and password', async (channel) => {
    const account =
      channel === 'username'
        ? (await registerWithUsername(client)).username
        : (await registerWithEmail(client)).email;
    const other = new Client(t.app);
    const data = await other.ok('userLogin', {
      channel,
      account,
      password: PASSWORD,
      agreeTerms: true,
    });
    expect(other.token).toBeDefined();
    expect(other.token).not.toBe(client.token);
    expect((await other.signedCall('systemUserInfo', {})).body.data?.userId).toBe(data.userId);
  });

  test('by e-mail code', async () => {
    const { email } = await registerWithEmail(client);
    const other = new Client(t.app);
    await other.ok('userSendCode', { channel: 'email', target: email, purpose: 'login' });
    const code = await outboxCode(t.app, email, 'login');
    await other.ok('userLogin', { channel: 'email', account: email, code, agreeTerms: true });
    expect(other.token).toBeDefined();
  });

  test('a wrong password and an unknown account get the same answer', async () => {
    const { username } = await registerWithUsername(client);
    const wrong = await new Client(t.app).call('userLogin', {
      channel: 'username',
      account: username,
      password: 'wrong password',
      agreeTerms: true,
    });
    const unknown = await new Client(t.app).call('userLogin', {
      channel: 'username',
      account: uniqueUsername(),
      password: 'wrong password',
      agreeTerms: true,
    });
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.status).toBe('InvalidCredentials');
  });

  test('repeated failures lock the account name for that address for the rest of the window, even with the right password', async () => {
    const { username } = await registerWithUsername(client);
    const attacker = new Client(t.app, '10.1.1.1');
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await attacker.call('userLogin', {
            channel: 'username',
            account: username,
            password: `guess-${i}-xx`,
            agreeTerms: true,
          })
        ).body.status,
      );
    }
    expect(statuses).toEqual([
      'InvalidCredentials',
      'InvalidCredentials',
      'InvalidCredentials',
      'AccountLocked',
    ]);
    const locked = await attacker.call('userLogin', {
      channel: 'username',
      account: username,
      password: PASSWORD,
      agreeTerms: true,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/try again in \d+ min/);
    // The owner, from their own address, is not kept out.
    expect(
      (
        await new Client(t.app, '10.2.2.2').call('userLogin', {
          channel: 'username',
          account: username,
          password: PASSWORD,
          agreeTerms: true,
        })
      ).body.code,
    ).toBe(200);
    t.clock.advance(15 * MS_PER_MINUTE);
    expect(
      (
        await attacker.call('userLogin', {
          channel: 'username',
          account: username,
          password: PASSWORD,
          agreeTerms: true,
        })
      ).body.code,
    ).toBe(200);
  });

  test('failures per IP lock that IP across account names', async () => {
    const limited = await startTestApp({
      limits: { loginFailuresPerIp: { max: 3, windowMs: 15 * MS_PER_MINUTE } },
    });
    try {
      const { username } = await registerWithUsername(new Client(limited.app));
      const attacker = new Client(limited.app, '10.9.9.9');
      for (let i = 0; i < 3; i++)
        await attacker.call('userLogin', {
          channel: 'username',
          account: uniqueUsername(),
          password: 'whatever-1',
          agreeTerms: true,
        });
      expect(
        (
          await attacker.call('userLogin', {
            channel: 'username',
            account: username,
            password: PASSWORD,
            agreeTerms: true,
          })
        ).body.status,
      ).toBe('AccountLocked');
      expect(
        (
          await new Client(limited.app, '10.9.9.10').call('userLogin', {
            channel: 'username',
            account: username,
            password: PASSWORD,
            agreeTerms: true,
          })
        ).body.code,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test('default limits leave room for honest typos', () => {
    expect(DEFAULT_LIMITS.loginFailuresPerAccountAndIp.max).toBeGreaterThanOrEqual(5);
  });
});

describe('sessions', () => {
  test('Authorization works raw and as Bearer; a bad token is 401 Unauthorized', async () => {
    await registerWithUsername(client);
    const token = client.token ?? '';
    client.token = `Bearer ${token}`;
    expect((await client.call('userGetDeviceList', {})).body.code).toBe(200);
    client.token = `${token.slice(0, -2)}xx`;
    const answer = await client.call('userGetDeviceList', {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 401, status: 'Unauthorized', data: null });
  });

  test('expire 30 days after last use (sliding)', async () => {
    await registerWithUsername(client);
    t.clock.advance(20 * 24 * 3600_000);
    expect((await client.call('userGetDeviceList', {})).body.code).toBe(200);
    t.clock.advance(20 * 24 * 3600_000);
    expect((await client.call('userGetDeviceList', {})).body.code).toBe(200);
    t.clock.advance(31 * 24 * 3600_000);
    expect((await client.call('userGetDeviceList', {})).status).toBe(401);
  });

  test('logout ends this session only; everywhere ends all', async () => {
    const { username } = await registerWithUsername(client);
    const second = new Client(t.app);
    await second.ok('userLogin', {
      channel: 'username',
      account: username,
      password: PASSWORD,
      agreeTerms: true,
    });
    await client.ok('userLogout', {});
    expect((await client.call('userGetDeviceList', {})).status).toBe(401);
    expect((await second.call('userGetDeviceList', {})).status).toBe(200);
    const third = new Client(t.app);
    await third.ok('userLogin', {
      channel: 'username',
      account: username,
      password: PASSWORD,
      agreeTerms: true,
    });
    await third.ok('userLogout', { everywhere: true });
    expect((await second.call('userGetDeviceList', {})).status).toBe(401);
  });

  test('passwords are stored as argon2id with the OWASP parameters, never in clear', async () => {
    const { userId } = await registerWithUsername(client);
    const row = await t.app.services.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', Number(userId))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  test('tokens are stored only as hashes', async () => {
    const { userId } = await registerWithUsername(client);
    const rows = await t.app.services.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', Number(userId))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(client.token ?? '-');
  });
});

describe('password reset', () => {
  test('by e-mail code: new password works, old does not, every session ends', async () => {
    const { email } = await registerWithEmail(client);
    const other = new Client(t.app);
    await other.ok('userSendCode', { channel: 'email', target: email, purpose: 'reset' });
    const code = await outboxCode(t.app, email, 'reset');
    await other.ok('userResetPassword', {
      channel: 'email',
      account: email,
      code,
      password: 'a brand new password',
    });
    expect((await client.call('userGetDeviceList', {})).status).toBe(401);
    expect(
      (
        await other.call('userLogin', {
          channel: 'email',
          account: email,
          password: PASSWORD,
          agreeTerms: true,
        })
      ).body.status,
    ).toBe('InvalidCredentials');
    expect(
      (
        await other.call('userLogin', {
          channel: 'email',
          account: email,
          password: 'a brand new password',
          agreeTerms: true,
        })
      ).body.code,
    ).toBe(200);
  });

  test('a reset code for an address without an account answers the same but sends nothing', async () => {
    const email = uniqueEmail();
    const answer = await client.call('userSendCode', {
      channel: 'email',
      target: email,
      purpose: 'reset',
    });
    expect(answer.body.code).toBe(200);
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<
      { to: string }[]
    >();
    expect(outbox.some((e) => e.to === email)).toBe(false);
    expect(
      (await client.call('userSendCode', { channel: 'email', target: email, purpose: 'reset' }))
        .body.status,
    ).toBe('CodeResendTooSoon');
  });
});

describe('account deletion', () => {
  test('with the password: personal data erased, sessions revoked, name free again', async () => {
    const { email, userId } = await registerWithEmail(client);
    const wrong = await client.call('userDeleteAccount', { password: 'not the password' });
    expect(wrong.body.status).toBe('InvalidCredentials');
    await client.ok('userDeleteAccount', { password: PASSWORD });
    expect((await client.call('userGetDeviceList', {})).status).toBe(401);
    const row = await t.app.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(userId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, username: null, phone: null });
    expect(row.deleted_at).not.toBeNull();
    expect(
      await t.app.services.db
        .selectFrom('user_attribution')
        .select('user_id')
        .where('user_id', '=', Number(userId))
        .execute(),
    ).toEqual([]);
    expect(
      (
        await new Client(t.app).call('userLogin', {
          channel: 'email',
          account: email,
          password: PASSWORD,
          agreeTerms: true,
        })
      ).body.status,
    ).toBe('InvalidCredentials');
    await registerWithEmail(new Client(t.app)).catch(() => undefined);
    const again = new Client(t.app);
    await again.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
  });

  test("with a code sent to the account's own address", async () => {
    const { email } = await registerWithEmail(client);
    const stranger = new Client(t.app);
    expect(
      (
        await stranger.call('userSendCode', {
          channel: 'email',
          target: email,
          purpose: 'delete_account',
        })
      ).status,
    ).toBe(401);
    t.clock.advance(61_000);
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'delete_account' });
    const code = await outboxCode(t.app, email, 'delete_account');
    await client.ok('userDeleteAccount', { code });
    expect((await client.call('userGetDeviceList', {})).status).toBe(401);
  });
});

describe('free trial', () => {
  test('without a session: a trial account signed in through pragma; once per device', async () => {
    const data = await client.ok('userTrial', {});
    expect(data.trialSeconds).toBe(15 * 60);
    expect(data.trialEndsAt).toBe(t.clock.now + 15 * MS_PER_MINUTE);
    expect(client.token).toBeDefined();
    const info = (await client.signedCall('systemUserInfo', {})).body.data;
    expect(info).toMatchObject({
      userId: data.userId,
      standardExpireTime: data.trialEndsAt,
      hasTrialAvailable: false,
    });
    const again = new Client(t.app);
    again.deviceId = client.deviceId;
    expect((await again.call('userTrial', {})).body.status).toBe('TrialAlreadyUsed');
  });

  test("the trial's devices: a running plan keeps its larger number, a lapsed one does not", async () => {
    const devicesAfterTrial = async (standardExpiresAt: number) => {
      const member = new Client(t.app);
      const { userId } = await registerWithUsername(member);
      const { db } = t.app.services;
      await db
        .updateTable('users')
        .set({ standard_expires_at: standardExpiresAt, devices_allowed: 5 })
        .where('id', '=', Number(userId))
        .execute();
      await member.ok('userTrial', {});
      const row = await db
        .selectFrom('users')
        .select('devices_allowed')
        .where('id', '=', Number(userId))
        .executeTakeFirstOrThrow();
      return row.devices_allowed;
    };
    expect(await devicesAfterTrial(t.clock.now + MS_PER_DAY)).toBe(5);
    expect(await devicesAfterTrial(t.clock.now - 1)).toBe(
      t.app.services.config.trialDevicesAllowed,
    );
  });

  test('with a session: once per account, even from a new device', async () => {
    await registerWithUsername(client);
    await client.ok('userTrial', {});
    client.deviceId = undefined;
    expect((await client.call('userTrial', {})).body.status).toBe('TrialAlreadyUsed');
  });
});
