import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
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
    const [userId, expires, nonce, mac] = link.split('.');
    const forged = [
      `${Number(userId) + 1}.${expires}.${nonce}.${mac}`,
      `${userId}.${Number(expires) + 60_000}.${nonce}.${mac}`,
      `${userId}.${expires}.${nonce}.${mac?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
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
