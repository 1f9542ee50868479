import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import {
  outboxCode,
  PASSWORD,
  registerWithEmail,
  registerWithUsername,
} from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databaseFingerprint, expectRefusal } from './fixtures.ts';

/**
 * Issue 15, item 5 (the link half): opening `/user/...?token=<session token>` logged the visitor
 * in as the link's owner (a login CSRF: anyone could plant their session in someone's browser).
 * A page's `token` parameter is now a one-time link token the server issued
 * (user_sign_in_link: 120 s, single use, bound to its purpose), which the page exchanges for a
 * session of its own (user_sign_in_link_exchange); a session token, or any other token, signs
 * nobody in.
 */

let t: TestApp;
let owner: Client;
let ownerId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = new Client(t.app);
  ownerId = (await registerWithUsername(owner)).userId;
});
afterAll(() => t.close());

const exchange = (linkToken: string, client = new Client(t.app)) =>
  client.call('userSignInLinkExchange', { linkToken });

describe('sign-in links', () => {
  test('a session token in a link signs nobody in', async () => {
    const before = await databaseFingerprint(t.app);
    const visitor = new Client(t.app);
    const answer = await exchange(owner.token ?? '', visitor);
    expectRefusal(answer, ErrorCode.SIGN_IN_LINK_INVALID);
    expect(answer.headers.pragma).toBeUndefined();
    expect((await databaseFingerprint(t.app)).sessions).toEqual(before.sessions);
  });

  test("an issued link gives the visitor a session of the owner's account, once, within 120 s", async () => {
    const link = await owner.ok('userSignInLink', {});
    expect(link.expiresInSeconds).toBe(120);
    const visitor = new Client(t.app);
    const answer = await exchange(link.linkToken, visitor);
    expect(answer.body).toMatchObject({ code: 200, data: { userId: ownerId } });
    const session = String(answer.headers.pragma);
    expect(session).not.toBe(owner.token);
    visitor.token = session;
    expect((await visitor.signedCall('systemUserInfo', {})).body.data?.userId).toBe(ownerId);

    // Used once: a second exchange, from anyone, is refused.
    expectRefusal(await exchange(link.linkToken), ErrorCode.SIGN_IN_LINK_INVALID);
  });

  test('an expired, forged or tampered link token is refused in both languages', async () => {
    const link = (await owner.ok('userSignInLink', {})).linkToken;
    const [userId, expires, issuer, nonce, mac] = link.split('.');
    const other = (await owner.ok('userSignInLink', {})).linkToken.split('.')[2];
    const forged = [
      `${Number(userId) + 1}.${expires}.${issuer}.${nonce}.${mac}`,
      `${userId}.${Number(expires) + 60_000}.${issuer}.${nonce}.${mac}`,
      `${userId}.${expires}.${other === issuer ? 'A'.repeat(22) : other}.${nonce}.${mac}`,
      `${userId}.${expires}.${issuer}.${nonce}.${mac?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    ];
    for (const token of forged) {
      expectRefusal(await exchange(token), ErrorCode.SIGN_IN_LINK_INVALID);
      const zh = new Client(t.app);
      zh.language = 'zh_CN';
      expectRefusal(await exchange(token, zh), ErrorCode.SIGN_IN_LINK_INVALID, 'zh-CN');
    }
    t.clock.advance(121_000);
    expectRefusal(await exchange(link), ErrorCode.SIGN_IN_LINK_INVALID);
  });

  test('issuing a link needs a session', async () => {
    const answer = await new Client(t.app).call('userSignInLink', {});
    expect(answer.status).toBe(401);
  });
});

/**
 * Issue 30, item 1: a stolen session minted a link, the owner then ended that session (password
 * change, "end other sessions", sign-out everywhere, reset by code, an operator's sign-out from
 * the console or `pnpm ops`), and the link still exchanged for a fresh session. A link now dies
 * with the session that issued it, whichever path ends it.
 */
describe('a link dies with the session that issued it', () => {
  /** The owner's account, signed in twice: the owner's session and the thief's. */
  async function stolen() {
    const ownerClient = new Client(t.app);
    const { email, userId } = await registerWithEmail(ownerClient);
    const thief = new Client(t.app, '10.30.1.66');
    await thief.ok('userLogin', {
      channel: 'email',
      account: email,
      password: PASSWORD,
      agreeTerms: true,
    });
    const link = (await thief.ok('userSignInLink', {})).linkToken;
    return { owner: ownerClient, thief, email, userId, link };
  }
  const refusedAfter = async (link: string) => {
    const before = await databaseFingerprint(t.app);
    const answer = await exchange(link);
    expectRefusal(answer, ErrorCode.SIGN_IN_LINK_INVALID);
    expect(answer.headers.pragma).toBeUndefined();
    expect((await databaseFingerprint(t.app)).sessions).toEqual(before.sessions);
  };

  test("the owner's password change; a link of the owner's own session still works", async () => {
    const s = await stolen();
    const mine = (await s.owner.ok('userSignInLink', {})).linkToken;
    await s.owner.ok('userChangePassword', {
      currentPassword: PASSWORD,
      newPassword: 'a new secret 42',
    });
    await refusedAfter(s.link);
    expect((await exchange(mine)).body).toMatchObject({ code: 200, data: { userId: s.userId } });
  });

  test('ending the other sessions, or that one session', async () => {
    const a = await stolen();
    await a.owner.ok('userEndOtherSessions', {});
    await refusedAfter(a.link);

    const b = await stolen();
    const { items } = await b.owner.ok('userSessions', {});
    const theirs = items.find((s) => !s.current);
    await b.owner.ok('userEndSession', { sessionId: theirs?.id ?? '' });
    await refusedAfter(b.link);
  });

  test('signing out everywhere, and the thief signing out', async () => {
    const a = await stolen();
    await a.owner.ok('userLogout', { everywhere: true });
    await refusedAfter(a.link);

    const b = await stolen();
    await b.thief.ok('userLogout', {});
    await refusedAfter(b.link);
  });

  test('a password reset by code', async () => {
    const s = await stolen();
    const stranger = new Client(t.app);
    t.clock.advance(61_000);
    await stranger.ok('userSendCode', { channel: 'email', target: s.email, purpose: 'reset' });
    const code = await outboxCode(t.app, s.email, 'reset');
    await stranger.ok('userResetPassword', {
      channel: 'email',
      account: s.email,
      code,
      password: 'a new secret 43',
    });
    await refusedAfter(s.link);
  });

  test("an operator's sign-out, from the console and from pnpm ops", async () => {
    const support = await enrolledOperator(t, 'support');
    const a = await stolen();
    await support.client.ok('adminUserRevokeSessions', { userId: a.userId });
    await refusedAfter(a.link);

    const b = await stolen();
    const outcome = await runOpsCommand('user', ['signout', b.userId], t.app.services, t.clock.now);
    expect(outcome.exitCode).toBe(0);
    await refusedAfter(b.link);
  });
});

/**
 * Issue 30, item 5: a link minted from an attacker's own account, opened by a victim, signed the
 * victim into the attacker's account without a word. The page now first asks whose account a link
 * opens (user_sign_in_link_account): masked, for a link that would work, and without using it, so
 * the visitor can decline and keep their own session.
 */
describe('whose account a link opens', () => {
  const accountOf = (linkToken: string, client = new Client(t.app)) =>
    client.call('userSignInLinkAccount', { linkToken });

  test('is masked, uses nothing and changes nothing; the link still works once afterwards', async () => {
    const attacker = new Client(t.app);
    const { email, userId } = await registerWithEmail(attacker);
    const link = (await attacker.ok('userSignInLink', {})).linkToken;
    const victim = new Client(t.app);
    await registerWithUsername(victim);

    const before = await databaseFingerprint(t.app);
    for (let i = 0; i < 2; i += 1) {
      const answer = await accountOf(link, victim);
      expect(answer.body).toMatchObject({
        code: 200,
        data: { account: `${email.slice(0, 2)}***${email.slice(email.indexOf('@'))}` },
      });
      expect(answer.headers.pragma).toBeUndefined();
    }
    expect(JSON.stringify((await accountOf(link, victim)).body)).not.toContain(email);
    expect(await databaseFingerprint(t.app)).toEqual(before);

    // The victim's session is untouched by asking; the link is unused and still exchanges once.
    expect((await victim.signedCall('systemUserInfo', {})).body.data?.userId).not.toBe(userId);
    expect((await exchange(link)).body).toMatchObject({ code: 200, data: { userId } });
    expectRefusal(await accountOf(link), ErrorCode.SIGN_IN_LINK_INVALID);
  });

  test('a used, forged, expired or revoked link names nobody, in both languages', async () => {
    const owner2 = new Client(t.app);
    await registerWithUsername(owner2);
    const used = (await owner2.ok('userSignInLink', {})).linkToken;
    await exchange(used);
    const live = (await owner2.ok('userSignInLink', {})).linkToken;
    const forged = live.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const token of [used, forged, owner2.token ?? '']) {
      expectRefusal(await accountOf(token), ErrorCode.SIGN_IN_LINK_INVALID);
      const zh = new Client(t.app);
      zh.language = 'zh_CN';
      expectRefusal(await accountOf(token, zh), ErrorCode.SIGN_IN_LINK_INVALID, 'zh-CN');
    }
    const revoked = (await owner2.ok('userSignInLink', {})).linkToken;
    await owner2.ok('userLogout', {});
    expectRefusal(await accountOf(revoked), ErrorCode.SIGN_IN_LINK_INVALID);
    t.clock.advance(121_000);
    expectRefusal(await accountOf(live), ErrorCode.SIGN_IN_LINK_INVALID);
  });
});
