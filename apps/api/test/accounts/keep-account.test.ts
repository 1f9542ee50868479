import { MS_PER_MINUTE } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  outboxCode,
  PASSWORD,
  registerWithEmail,
  registerWithUsername,
  uniqueEmail,
  uniqueUsername,
} from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The trial button's account has no name or password; user_keep_account gives it one, during
// the trial or after it, so its holder can log in on another device.

let t: TestApp;
let trial: Client;
let trialUserId: string;

beforeEach(async () => {
  t = await startTestApp();
  trial = new Client(t.app);
  trialUserId = (await trial.ok('userTrial', {})).userId;
});
afterEach(() => t.close());

const userRow = () =>
  t.app.services.db
    .selectFrom('users')
    .select([
      'username',
      'username_display',
      'email',
      'phone',
      'password_hash',
      'standard_expires_at',
    ])
    .where('id', '=', Number(trialUserId))
    .executeTakeFirstOrThrow();

const logIn = (channel: 'username' | 'email', account: string, password = PASSWORD) =>
  new Client(t.app).call('userLogin', { channel, account, password, agreeTerms: true });

describe('keeping a trial account', () => {
  test('by username and password, during the trial: log in anywhere with them, trial kept', async () => {
    const before = await userRow();
    const name = `Kate_${uniqueUsername().slice(5)}`;
    expect(
      await trial.ok('userKeepAccount', { channel: 'username', account: name, password: PASSWORD }),
    ).toEqual({
      account: name,
    });
    const login = await logIn('username', name.toLowerCase());
    expect(login.body.code).toBe(200);
    expect(login.body.data).toMatchObject({ userId: trialUserId });
    const info = (await trial.signedCall('systemUserInfo', {})).body.data;
    expect(info).toMatchObject({ userId: trialUserId, username: name });
    expect((await userRow()).standard_expires_at).toBe(before.standard_expires_at);
    // The session that kept it stays.
    expect((await trial.call('userGetDeviceList', {})).status).toBe(200);
  });

  test('by e-mail with the code sent to it, after the trial ended', async () => {
    t.clock.advance(20 * MS_PER_MINUTE);
    const email = uniqueEmail();
    await trial.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const code = await outboxCode(t.app, email, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await trial.call('userKeepAccount', {
      channel: 'email',
      account: email,
      password: PASSWORD,
      code: wrong,
    });
    expect(refused.body.status).toBe('CodeInvalid');
    expect((await userRow()).email).toBeNull();
    await trial.ok('userKeepAccount', {
      channel: 'email',
      account: email.toUpperCase(),
      password: PASSWORD,
      code,
    });
    expect((await userRow()).email).toBe(email);
    expect((await logIn('email', email)).body.data).toMatchObject({ userId: trialUserId });
  });

  test.each([
    [
      'no code for an e-mail',
      { channel: 'email', account: 'x@example.com', password: PASSWORD },
      'BadRequest',
    ],
    [
      'a short password',
      { channel: 'username', account: 'kate_name', password: 'short' },
      'BadRequest',
    ],
    [
      'an invalid username',
      { channel: 'username', account: '1kate', password: PASSWORD },
      'BadRequest',
    ],
    [
      'a phone number',
      { channel: 'phone', account: '+8613912345678', password: PASSWORD },
      'BadRequest',
    ],
  ] as const)(
    'bad input (%s) is refused, localised, and changes nothing',
    async (_, input, status) => {
      const before = await userRow();
      trial.language = 'zh_CN';
      const answer = await trial.call('userKeepAccount', input);
      expect(answer.body.status).toBe(status);
      expect(answer.body.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await userRow()).toEqual(before);
    },
  );

  test('a name someone holds is refused; the trial account stays unnamed', async () => {
    const holder = new Client(t.app);
    const { username } = await registerWithUsername(holder);
    const byName = await trial.call('userKeepAccount', {
      channel: 'username',
      account: username.toUpperCase(),
      password: PASSWORD,
    });
    expect(byName.body.status).toBe('UsernameTaken');
    const { email } = await registerWithEmail(new Client(t.app));
    t.clock.advance(61_000);
    await trial.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    // An address with an account is sent a notice, never a code: no code can name it.
    const code = '123456';
    const byEmail = await trial.call('userKeepAccount', {
      channel: 'email',
      account: email,
      password: PASSWORD,
      code,
    });
    expect(byEmail.body.status).toBe('CodeInvalid');
    expect(await userRow()).toMatchObject({ username: null, email: null, password_hash: '!trial' });
  });

  test('an account with a name is refused: kept once, and never a registered one', async () => {
    await trial.ok('userKeepAccount', {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
    });
    const kept = await userRow();
    const again = await trial.call('userKeepAccount', {
      channel: 'username',
      account: uniqueUsername(),
      password: 'another password 2',
    });
    expect(again.body.status).toBe('AccountAlreadyNamed');
    expect(await userRow()).toEqual(kept);

    const member = new Client(t.app);
    await registerWithUsername(member);
    const answer = await member.call('userKeepAccount', {
      channel: 'username',
      account: uniqueUsername(),
      password: PASSWORD,
    });
    expect(answer.body.status).toBe('AccountAlreadyNamed');
  });

  test('two racing calls name the account once', async () => {
    const names = [uniqueUsername(), uniqueUsername()];
    const answers = await Promise.all(
      names.map((account) =>
        trial.call('userKeepAccount', { channel: 'username', account, password: PASSWORD }),
      ),
    );
    expect(answers.map((a) => a.body.status).sort()).toEqual(['AccountAlreadyNamed', 'OK']);
    const row = await userRow();
    expect(names).toContain(row.username_display);
  });
});
