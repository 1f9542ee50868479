import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditTrail } from '../../src/audit/store.ts';
import { PASSWORD, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { databaseFingerprint, expectRefusal } from '../security/fixtures.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A client with its own address, platform and user agent on every call. */
class Browser extends Client {
  constructor(
    app: TestApp['app'],
    ip: string,
    platform: string,
    readonly userAgent: string,
  ) {
    super(app, ip);
    this.platform = platform;
  }
  override headers() {
    return { ...super.headers(), 'user-agent': this.userAgent };
  }
}

/** One account signed in three times: a PC browser (registered there), an iPhone, a script. */
async function threeSessions() {
  const pc = new Browser(t.app, '203.0.113.7', 'windows', CHROME_WINDOWS);
  const { username, userId } = await registerWithUsername(pc);
  const phone = new Browser(t.app, '198.51.100.23', 'ios', SAFARI_IPHONE);
  const script = new Client(t.app, '192.0.2.5');
  for (const c of [phone, script])
    await c.ok('userLogin', {
      channel: 'username',
      account: username,
      password: PASSWORD,
      agreeTerms: true,
    });
  return { pc, phone, script, username, userId: Number(userId) };
}

describe('active sessions', () => {
  test('a member sees each session: device, platform, address, sign-in and last use; this one marked', async () => {
    const { pc, phone } = await threeSessions();
    const signedInAt = t.clock.now;
    t.clock.advance(10 * 60_000);
    await phone.ok('userGetDeviceList', {});
    const phoneUsedAt = t.clock.now;
    t.clock.advance(60_000);
    const { items } = await pc.ok('userSessions', {});
    expect(items).toHaveLength(3);
    // Most recently used first: this one (in use now), the phone, then the unused script.
    expect(items.map((s) => [s.current, s.platform, s.lastUsedAt])).toEqual([
      [true, 'windows', t.clock.now],
      [false, 'ios', phoneUsedAt],
      [false, 'windows', signedInAt],
    ]);
    expect(items[0]).toMatchObject({ browser: 'Chrome', system: 'Windows', ip: '203.0.113.7' });
    expect(items[1]).toMatchObject({
      browser: 'Safari',
      system: 'iOS',
      ip: '198.51.100.23',
      signedInAt,
    });
    // A client that sends no user agent: the device is unknown, the address is still shown.
    expect(items[2]).toMatchObject({ browser: null, system: null, ip: '192.0.2.5' });
    expect(new Set(items.map((s) => s.id)).size).toBe(3);
    // The id names a session without giving its token away.
    for (const s of items) expect(pc.token).not.toContain(s.id);
  });

  test('signing one session out ends it at once; the others keep working', async () => {
    const { pc, phone, script } = await threeSessions();
    const { items } = await pc.ok('userSessions', {});
    const phoneSession = items.find((s) => s.platform === 'ios');
    await pc.ok('userEndSession', { sessionId: phoneSession?.id ?? '' });
    expectRefusal(await phone.call('userGetDeviceList', {}), ErrorCode.UNAUTHORIZED);
    await script.ok('userGetDeviceList', {});
    expect((await pc.ok('userSessions', {})).items).toHaveLength(2);
    // Ending it again: already gone.
    expectRefusal(
      await pc.call('userEndSession', { sessionId: phoneSession?.id ?? '' }),
      ErrorCode.SESSION_NOT_FOUND,
    );
  });

  test('signing all others out keeps only this session', async () => {
    const { pc, phone, script } = await threeSessions();
    expect(await phone.ok('userEndOtherSessions', {})).toEqual({ signedOut: 2 });
    expectRefusal(await pc.call('userGetDeviceList', {}), ErrorCode.UNAUTHORIZED);
    expectRefusal(await script.call('userGetDeviceList', {}), ErrorCode.UNAUTHORIZED);
    const { items } = await phone.ok('userSessions', {});
    expect(items).toEqual([expect.objectContaining({ current: true, platform: 'ios' })]);
  });

  test("another member's session id is unknown, and ending it changes nothing", async () => {
    const { pc } = await threeSessions();
    const other = await threeSessions();
    const theirs = (await other.pc.ok('userSessions', {})).items[0]?.id ?? '';
    const before = await databaseFingerprint(t.app);
    expectRefusal(
      await pc.call('userEndSession', { sessionId: theirs }),
      ErrorCode.SESSION_NOT_FOUND,
    );
    expect(await databaseFingerprint(t.app)).toEqual(before);
    await other.pc.ok('userGetDeviceList', {});
  });
});

describe('changing the password while logged in', () => {
  test('needs the current password; other sessions are signed out, this one stays; the new password logs in', async () => {
    const { pc, phone, script, username, userId } = await threeSessions();
    const answer = await pc.ok('userChangePassword', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(answer).toEqual({ signedOut: 2 });
    await pc.ok('userGetDeviceList', {});
    expectRefusal(await phone.call('userGetDeviceList', {}), ErrorCode.UNAUTHORIZED);
    expectRefusal(await script.call('userGetDeviceList', {}), ErrorCode.UNAUTHORIZED);
    const login = (password: string) =>
      new Client(t.app).call('userLogin', {
        channel: 'username',
        account: username,
        password,
        agreeTerms: true,
      });
    expectRefusal(await login(PASSWORD), ErrorCode.INVALID_CREDENTIALS);
    expect((await login('a brand new secret')).body.code).toBe(200);
    const audit = await auditTrail(t.app.services.db, 'user', userId);
    expect(audit.map((a) => a.action)).toContain('user.password_changed');
  });

  test('a wrong current password is refused in the caller language and changes nothing', async () => {
    const { pc, phone } = await threeSessions();
    const before = await databaseFingerprint(t.app);
    pc.language = 'zh_CN';
    expectRefusal(
      await pc.call('userChangePassword', {
        currentPassword: 'not it at all',
        newPassword: 'another one 2',
      }),
      ErrorCode.WRONG_PASSWORD,
      'zh-CN',
    );
    const after = await databaseFingerprint(t.app);
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
    await phone.ok('userGetDeviceList', {});
  });

  test('a new password that breaks the rules is refused before anything changes', async () => {
    const { pc } = await threeSessions();
    const before = await databaseFingerprint(t.app);
    const answer = await pc.call('userChangePassword', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(answer.status).toBe(400);
    expect(await databaseFingerprint(t.app)).toEqual(before);
  });

  test('guessing the current password locks the account name like failed logins', async () => {
    const { pc } = await threeSessions();
    let last;
    for (let i = 0; i < 12; i++)
      last = await pc.call('userChangePassword', {
        currentPassword: `guess ${i} guess`,
        newPassword: 'another one 2',
      });
    expect(last?.body.code).toBe(ErrorCode.ACCOUNT_LOCKED.code);
    // Locked: even the right password is refused until the window passes.
    const right = await pc.call('userChangePassword', {
      currentPassword: PASSWORD,
      newPassword: 'another one 2',
    });
    expect(right.body.code).toBe(ErrorCode.ACCOUNT_LOCKED.code);
  });
});
