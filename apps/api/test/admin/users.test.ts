import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { TROJAN_NODE, testNode, users, type TestNode } from '../nodes/feed-helpers.ts';
import { auditActions, buy, buyer } from '../support/payments.ts';
import { PASSWORD, registerWithEmail, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { enabledSubscription, member, PUBLIC_URL } from '../support/third-party.ts';

let t: TestApp;
let support: SignedInOperator;
let node: TestNode;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, JOBS_INTERVAL_SECONDS: '0' } });
  support = await enrolledOperator(t, 'support');
  node = await testNode(t, TROJAN_NODE);
});
afterAll(() => t.close());

const page = { page: 1, pageSize: 10 };

async function emailMember() {
  const client = new Client(t.app);
  const { email, userId } = await registerWithEmail(client);
  return { client, email, userId: String(userId) };
}

describe('finding users', () => {
  test('by id, e-mail, username and invite code, on the server, one page at a time', async () => {
    const a = await emailMember();
    const info = await a.client.signedCall('systemUserInfo', {});
    const inviteCode = (info.body.data as { inviteCode: string }).inviteCode;
    for (const query of [
      a.userId,
      `#${a.userId}`,
      a.email.toUpperCase(),
      inviteCode.toLowerCase(),
    ]) {
      const found = await support.client.ok('adminUserSearch', { query, ...page });
      expect(
        found.items.map((u) => u.userId),
        query,
      ).toEqual([a.userId]);
      expect(found.total).toBe(1);
    }
    expect(
      (await support.client.ok('adminUserSearch', { query: 'nobody@example.com', ...page })).total,
    ).toBe(0);
    expect((await support.client.ok('adminUserSearch', { query: '!!', ...page })).total).toBe(0);
    const all = await support.client.ok('adminUserSearch', { page: 1, pageSize: 1 });
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(1);
  });

  test('by how e-mail addresses start, with a * after it, in address order', async () => {
    const a = await emailMember();
    const b = await emailMember();
    const search = (query: string, pageSize = 10) =>
      support.client.ok('adminUserSearch', { query, page: 1, pageSize });
    expect(
      (await search(`${a.email.slice(0, 11).toUpperCase()}*`)).items.map((u) => u.userId),
    ).toEqual([a.userId]);
    expect((await search(`${a.email}*`)).items.map((u) => u.userId)).toEqual([a.userId]);
    const all = await search('user.*', 100);
    const emails = all.items.map((u) => u.email ?? '');
    expect(emails).toEqual(expect.arrayContaining([a.email, b.email]));
    expect(emails).toEqual([...emails].sort());
    expect(all).toMatchObject({ total: emails.length, totalCapped: false });
    // `_` and `%` are letters here, not wildcards.
    expect((await search('user._*')).total).toBe(0);
    expect((await search('%*')).total).toBe(0);
  });
});

describe("a user's detail", () => {
  test('shows the newest orders and how many the user has', async () => {
    const { client, userId } = await buyer(t);
    const first = await buy(client);
    const second = await buy(client);
    const none = await buyer(t);
    const detail = await support.client.ok('adminUserDetail', { userId: String(userId) });
    expect(detail.orders.total).toBe(2);
    expect(detail.orders.recent.map((o) => o.orderId).sort()).toEqual(
      [first.orderId, second.orderId].sort(),
    );
    const empty = await support.client.ok('adminUserDetail', { userId: String(none.userId) });
    expect(empty.orders).toEqual({ total: 0, recent: [] });
  });
});

describe('suspending a user', () => {
  test('ends their sessions, refuses their login with the reason, takes them off the node feed; reinstating restores', async () => {
    const client = new Client(t.app);
    const userId = await member(t, client, { days: 30 });
    const username =
      (
        await t.app.services.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).username ?? '';
    await enabledSubscription(client);
    t.clock.advance(1000);
    expect((await users(t, node)).map((u) => u.id)).toContain(userId);

    const suspended = await support.client.ok('adminUserSuspend', {
      userId: String(userId),
      reason: 'Chargeback under review',
    });
    expect(suspended.user.suspensionReason).toBe('Chargeback under review');
    // The open session has ended.
    expect((await client.call('userGetDeviceList', {})).body.code).toBe(
      ErrorCode.UNAUTHORIZED.code,
    );
    // Login says why, in the member's language.
    const login = (language: string) => {
      const c = new Client(t.app);
      c.language = language;
      return c.call('userLogin', {
        channel: 'username',
        account: username,
        password: PASSWORD,
        agreeTerms: true,
      });
    };
    const en = await login('en');
    expect(en.body.code).toBe(ErrorCode.ACCOUNT_SUSPENDED.code);
    expect(en.body.msg).toBe('This account is suspended: Chargeback under review');
    expect((await login('zh_CN')).body.msg).toContain('Chargeback under review');
    expect([undefined, 'no-cache']).toContain(en.headers.pragma);
    // A wrong password learns nothing about the suspension.
    const wrong = await new Client(t.app).call('userLogin', {
      channel: 'username',
      account: username,
      password: 'not the password',
      agreeTerms: true,
    });
    expect(wrong.body.code).toBe(ErrorCode.INVALID_CREDENTIALS.code);
    t.clock.advance(1000);
    expect((await users(t, node)).map((u) => u.id)).not.toContain(userId);
    const listed = await support.client.ok('adminUserSearch', { suspendedOnly: true, ...page });
    expect(listed.items.map((u) => u.userId)).toContain(String(userId));

    await support.client.ok('adminUserReinstate', { userId: String(userId), reason: 'Resolved' });
    expect((await login('en')).body.code).toBe(200);
    t.clock.advance(1000);
    expect((await users(t, node)).map((u) => u.id)).toContain(userId);
    expect(await auditActions(t, 'user', userId)).toEqual(
      expect.arrayContaining(['user.suspended', 'user.reinstated']),
    );
    const detail = await support.client.ok('adminUserDetail', { userId: String(userId) });
    expect(detail.audit.map((a) => [a.action, a.actor]).slice(0, 2)).toEqual([
      ['user.reinstated', `operator:${support.operatorId}`],
      ['user.suspended', `operator:${support.operatorId}`],
    ]);
  });

  test('a reason is required; an unknown user is refused', async () => {
    const a = await emailMember();
    expect(
      (await support.client.call('adminUserSuspend', { userId: a.userId, reason: '   ' })).body
        .code,
    ).toBe(ErrorCode.VALIDATION_FAILED.code);
    expect(
      (await support.client.call('adminUserSuspend', { userId: '999999', reason: 'x' })).body.code,
    ).toBe(ErrorCode.USER_NOT_FOUND.code);
    expect((await a.client.call('userGetDeviceList', {})).body.code).toBe(200);
  });
});

describe('sessions and time', () => {
  test('signing a user out everywhere, granting and deducting time, all audited', async () => {
    const a = await emailMember();
    const second = new Client(t.app);
    await second.ok('userLogin', {
      channel: 'email',
      account: a.email,
      password: PASSWORD,
      agreeTerms: true,
    });
    const { revoked } = await support.client.ok('adminUserRevokeSessions', { userId: a.userId });
    expect(revoked).toBe(2);
    expect((await second.call('userGetDeviceList', {})).body.code).toBe(
      ErrorCode.UNAUTHORIZED.code,
    );

    const granted = await support.client.ok('adminUserAdjustTime', {
      userId: a.userId,
      plan: 'standard',
      days: 10,
      reason: 'Outage compensation',
    });
    expect(granted.user.standardExpiresAt).toBe(t.clock.now + 10 * MS_PER_DAY);
    const deducted = await support.client.ok('adminUserAdjustTime', {
      userId: a.userId,
      plan: 'standard',
      days: -3,
      reason: 'Granted too much',
    });
    expect(deducted.user.standardExpiresAt).toBe(t.clock.now + 7 * MS_PER_DAY);
    expect(
      (
        await support.client.call('adminUserAdjustTime', {
          userId: a.userId,
          plan: 'lite',
          days: 0,
          reason: 'nothing',
        })
      ).body.code,
    ).toBe(ErrorCode.VALIDATION_FAILED.code);
    expect(await auditActions(t, 'user', a.userId)).toEqual(
      expect.arrayContaining([
        'user.sessions_revoked',
        'membership.granted',
        'membership.deducted',
      ]),
    );
  });
});

describe('devices', () => {
  test("support unbinds a member's device, audited; another member's device is not found", async () => {
    const owner = new Client(t.app);
    const { userId } = await registerWithUsername(owner);
    await owner.ok('userTrial', {});
    const bound = await owner.ok('userBindDevice', {
      deviceId: owner.deviceId ?? '',
      platform: 0,
      kind: 0,
      system: 'iOS 18.2',
      version: '4.1.0',
      name: 'Lost iPhone',
    });
    const before = await support.client.ok('adminUserDetail', { userId: String(userId) });
    expect(before.devices.map((d) => [d.id, d.key])).toEqual([[bound.id, owner.deviceId]]);

    const stranger = await emailMember();
    const wrong = await support.client.call('adminUserUnbindDevice', {
      userId: stranger.userId,
      deviceId: bound.id,
    });
    expect(wrong.body.code).toBe(ErrorCode.DEVICE_NOT_FOUND.code);
    const finance = await enrolledOperator(t, 'finance');
    const refused = await finance.client.call('adminUserUnbindDevice', {
      userId: String(userId),
      deviceId: bound.id,
    });
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN.code);
    expect(
      (await support.client.ok('adminUserDetail', { userId: String(userId) })).devices,
    ).toHaveLength(1);

    await support.client.ok('adminUserUnbindDevice', {
      userId: String(userId),
      deviceId: bound.id,
    });
    const after = await support.client.ok('adminUserDetail', { userId: String(userId) });
    expect(after.devices).toEqual([]);
    expect(after.audit[0]).toMatchObject({
      action: 'user.device_unbound',
      actor: `operator:${support.operatorId}`,
    });
    expect(JSON.parse(after.audit[0]?.data ?? '{}')).toMatchObject({ name: 'Lost iPhone' });
    expect((await owner.ok('userGetDeviceList', {})).items).toEqual([]);
    const again = await support.client.call('adminUserUnbindDevice', {
      userId: String(userId),
      deviceId: bound.id,
    });
    expect(again.body.code).toBe(ErrorCode.DEVICE_NOT_FOUND.code);
  });
});

describe('pnpm ops user', () => {
  test('suspend, reinstate, sign out and time run the same service', async () => {
    const a = await emailMember();
    const ops = (...argv: string[]) =>
      runOpsCommand('user', argv, t.app.services, t.clock.now, 'ops:alice');
    const suspended = await ops('suspend', a.email, '--reason=Spam');
    expect(suspended.exitCode).toBe(0);
    expect((await a.client.call('userGetDeviceList', {})).body.code).toBe(
      ErrorCode.UNAUTHORIZED.code,
    );
    expect((await ops('suspend', a.email)).exitCode).toBe(2);
    expect((await ops('reinstate', a.email, '--reason=Ok')).exitCode).toBe(0);
    expect((await ops('signout', a.email)).exitCode).toBe(0);
    const time = await ops('time', a.email, '--plan=lite', '--days=5', '--reason=Gift', '--json');
    expect(time.exitCode).toBe(0);
    expect(JSON.parse(time.stdout)).toMatchObject({ liteExpiresAt: t.clock.now + 5 * MS_PER_DAY });
    const actors = await t.app.services.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', a.userId)
      .where('actor', '=', 'ops:alice')
      .orderBy('id')
      .execute();
    expect(actors.map((r) => r.action)).toEqual([
      'user.suspended',
      'user.reinstated',
      'user.sessions_revoked',
      'membership.granted',
    ]);
  });

  test("show prints the console's user detail: the same facts", async () => {
    const a = await emailMember();
    const ops = (...argv: string[]) =>
      runOpsCommand('user', argv, t.app.services, t.clock.now, 'ops:alice');
    expect(
      (await ops('time', a.email, '--plan=standard', '--days=3', '--reason=Gift')).exitCode,
    ).toBe(0);
    const detail = await support.client.ok('adminUserDetail', { userId: a.userId });
    expect(detail).toMatchObject({
      deletedAt: null,
      membership: {
        active: true,
        yearlyPaidUser: false,
        benefitsExpiresAt: null,
        thirdPartyEnabled: false,
      },
    });
    const shown = await ops('show', a.email, '--json');
    expect(shown.exitCode).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(
      expect.objectContaining({
        userId: Number(a.userId),
        email: a.email,
        registeredAt: detail.user.registeredAt,
        deletedAt: null,
        inviteCode: detail.user.inviteCode,
        inviterId: null,
        invitedCount: 0,
        suspension: null,
        membership: {
          ...detail.membership,
          standardExpiresAt: detail.user.standardExpiresAt,
          liteExpiresAt: null,
          devicesAllowed: detail.devicesAllowed,
        },
        sessions: detail.sessions,
        orders: detail.orders,
        groupBuys: 0,
        kol: { isKol: false },
        audit: detail.audit,
      }),
    );
    const text = (await ops('show', a.userId)).stdout;
    expect(text).toMatch(new RegExp(`^user: +${a.userId} ${a.email.replace(/\./g, '\\.')}$`, 'm'));
    expect(text).toMatch(/^membership: +active$/m);
    expect(text).toMatch(/^live sessions \(1\):$/m);
    expect(text).toMatch(/membership\.granted +ops:alice/);
  });
});
