import { createHash } from 'node:crypto';
import { MS_PER_DAY } from '@nimbus/domain';
import { formatDateTime } from '@nimbus/i18n/server';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditTrail } from '../../src/audit/store.ts';
import { setNodeEnabled } from '../../src/nodes/node-store.ts';
import { pruneExpired } from '../../src/services.ts';
import { PASSWORD, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { DIALECT, secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';
import {
  download,
  enabledSubscription,
  member,
  PUBLIC_URL,
  shareLinks,
} from '../support/third-party.ts';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  client = new Client(t.app);
});
afterEach(() => t.close());

const SEVEN_DAYS = 7 * MS_PER_DAY;
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
/** The names of the proxies a base64 subscription lists. */
const linkNames = (body: string) =>
  shareLinks(body).map((l) => decodeURIComponent(new URL(l).hash.slice(1)));

describe('status', () => {
  test('a new account: disabled, enabling allowed now, no link and no limit', async () => {
    await member(t, client);
    expect(await client.ok('systemThirdPartyStatus', {})).toEqual({
      enabled: false,
      enabledAt: null,
      nextEnableAt: null,
      speedLimitMbps: 0,
      subscription: null,
    });
  });

  test('needs a session', async () => {
    const answer = await client.call('systemThirdPartyStatus', {});
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('Unauthorized');
  });
});

describe('enable', () => {
  test('needs running membership: MEMBERSHIP_REQUIRED, and nothing changes', async () => {
    const { userId } = await registerWithUsername(client);
    const answer = await client.call('systemThirdPartyEnable', {});
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 1111, status: 'MembershipRequired', data: null });
    expect(answer.body.msg).not.toBe('');
    expect((await client.ok('systemThirdPartyStatus', {})).enabled).toBe(false);
    const tokens = await t.app.services.db
      .selectFrom('subscription_tokens')
      .select('token_hash')
      .where('user_id', '=', Number(userId))
      .execute();
    expect(tokens).toEqual([]);
    expect(await auditTrail(t.app.services.db, 'user', userId)).toEqual([]);
  });

  test('switches on the 10 Mbps limit and gives the link on PUBLIC_URL with its import deep links; user info reports it', async () => {
    await member(t, client);
    const status = await client.ok('systemThirdPartyEnable', {});
    expect(status).toMatchObject({
      enabled: true,
      enabledAt: t.clock.now,
      nextEnableAt: t.clock.now + SEVEN_DAYS,
      speedLimitMbps: 10,
    });
    const sub = status.subscription;
    if (!sub) throw new Error('no subscription');
    expect(sub.base64).toMatch(new RegExp(`^${PUBLIC_URL}/sub/[A-Za-z0-9_-]{43}$`));
    expect(sub.clash).toBe(`${sub.base64}?format=clash`);
    expect(sub.singbox).toBe(`${sub.base64}?format=singbox`);

    const clash = new URL(sub.importLinks.clash);
    expect(clash.protocol).toBe('clash:');
    expect(clash.searchParams.get('url')).toBe(sub.clash);
    const singbox = new URL(sub.importLinks.singbox);
    expect(`${singbox.protocol}//${singbox.host}`).toBe('sing-box://import-remote-profile');
    expect(singbox.searchParams.get('url')).toBe(sub.singbox);
    expect(singbox.hash).toBe('#Nimbus');
    const rocket = /^shadowrocket:\/\/add\/sub:\/\/([A-Za-z0-9+/=]+)\?remark=Nimbus$/.exec(
      sub.importLinks.shadowrocket,
    );
    expect(Buffer.from(rocket?.[1] ?? '', 'base64').toString('utf8')).toBe(sub.base64);
    for (const format of ['surge', 'quantumultx', 'loon'] as const)
      expect(sub[format]).toBe(`${sub.base64}?format=${format}`);
    expect(new URL(sub.importLinks.surge).searchParams.get('url')).toBe(sub.surge);
    expect(sub.importLinks.surge.startsWith('surge:///install-config?')).toBe(true);
    expect(new URL(sub.importLinks.loon).searchParams.get('nodelist')).toBe(sub.loon);
    expect(sub.importLinks.loon.startsWith('loon://import?')).toBe(true);
    const resource = new URL(sub.importLinks.quantumultx).searchParams.get('remote-resource');
    expect(JSON.parse(resource ?? '')).toEqual({
      server_remote: [`${sub.quantumultx}, tag=Nimbus`],
    });

    expect(await client.ok('systemThirdPartyStatus', {})).toEqual(status);
    expect((await client.signedCall('systemUserInfo', {})).body.data?.thirdPartyEnabled).toBe(true);
    await client.ok('systemThirdPartyDisable', {});
    expect((await client.signedCall('systemUserInfo', {})).body.data?.thirdPartyEnabled).toBe(
      false,
    );
  });

  test('the 7-day rule: enable, disable, enable again is refused with the date; allowed again after 7 days, with the same link', async () => {
    await member(t, client, { days: 60 });
    const t0 = t.clock.now;
    const first = await enabledSubscription(client);
    const off = await client.ok('systemThirdPartyDisable', {});
    expect(off).toEqual({
      enabled: false,
      enabledAt: null,
      nextEnableAt: t0 + SEVEN_DAYS,
      speedLimitMbps: 0,
      subscription: null,
    });

    const again = await client.call('systemThirdPartyEnable', {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 1801, status: 'ThirdPartyCooldown', data: null });
    expect(again.body.msg).toBe(
      `You can enable it again on ${formatDateTime(t0 + SEVEN_DAYS, 'en', { timeZone: 'UTC' })} UTC.`,
    );
    client.language = 'zh_CN';
    const zh = await client.call('systemThirdPartyEnable', {});
    expect(zh.body.msg).toBe(
      `您可以在 ${formatDateTime(t0 + SEVEN_DAYS, 'zh-CN', { timeZone: 'UTC' })} UTC 再次开启`,
    );

    t.clock.advance(SEVEN_DAYS - 1);
    expect((await client.call('systemThirdPartyEnable', {})).body.status).toBe(
      'ThirdPartyCooldown',
    );
    expect((await client.ok('systemThirdPartyStatus', {})).nextEnableAt).toBe(t0 + SEVEN_DAYS);
    t.clock.advance(1);
    expect((await client.ok('systemThirdPartyStatus', {})).nextEnableAt).toBeNull();
    const later = await client.ok('systemThirdPartyEnable', {});
    expect(later).toMatchObject({
      enabled: true,
      enabledAt: t0 + SEVEN_DAYS,
      nextEnableAt: t0 + 2 * SEVEN_DAYS,
    });
    expect(later.subscription?.base64).toBe(first.base64);
  });

  test('enabling an enabled client changes nothing and answers the status', async () => {
    await member(t, client);
    const first = await client.ok('systemThirdPartyEnable', {});
    t.clock.advance(60_000);
    expect(await client.ok('systemThirdPartyEnable', {})).toEqual(first);
  });

  test('concurrent enables apply once', async () => {
    const userId = await member(t, client);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.call('systemThirdPartyEnable', {})),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data?.subscription?.base64)).size).toBe(1);
    const enabled = (await auditTrail(t.app.services.db, 'user', userId)).filter(
      (r) => r.action === 'third_party.enabled',
    );
    expect(enabled).toHaveLength(1);
    const active = await t.app.services.db
      .selectFrom('subscription_tokens')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(active).toHaveLength(1);
  });

  test.runIf(DIALECT === 'postgres')(
    'concurrent enables on two server processes apply once',
    async () => {
      const userId = await member(t, client);
      const sibling = await secondProcess(t);
      try {
        const other = new Client(sibling.app);
        other.token = client.token;
        other.deviceId = client.deviceId;
        const answers = await Promise.all(
          [0, 1, 2, 3].map((i) =>
            (i % 2 === 0 ? client : other).call('systemThirdPartyEnable', {}),
          ),
        );
        expect(answers.every((a) => a.status === 200)).toBe(true);
        const enabled = (await auditTrail(t.app.services.db, 'user', userId)).filter(
          (r) => r.action === 'third_party.enabled',
        );
        expect(enabled).toHaveLength(1);
      } finally {
        await sibling.close();
      }
    },
  );
});

describe('disable and reset', () => {
  test('disable is always allowed and idempotent; the link then serves "switched off"', async () => {
    await member(t, client);
    expect((await client.ok('systemThirdPartyDisable', {})).enabled).toBe(false);
    const sub = await enabledSubscription(client);
    await client.ok('systemThirdPartyDisable', {});
    await client.ok('systemThirdPartyDisable', {});
    const res = await download(t, sub.base64);
    expect(res.status).toBe(200);
    expect(linkNames(res.body)).toEqual([
      'Nimbus: the third-party client is off. Turn it on in your account.',
    ]);
  });

  test('reset needs the client on', async () => {
    await member(t, client);
    const answer = await client.call('systemThirdPartyReset', {});
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 1802,
      status: 'ThirdPartyNotEnabled',
      msg: 'Please enable the third-party client first.',
    });
  });

  test('reset gives a new link; the old one at once serves "link reset", the new one the servers', async () => {
    await member(t, client);
    const old = await enabledSubscription(client);
    const before = await download(t, old.base64);
    expect(linkNames(before.body)).toHaveLength(4);

    const reset = await client.ok('systemThirdPartyReset', {});
    const fresh = reset.subscription;
    if (!fresh) throw new Error('no subscription');
    expect(tokenOf(fresh.base64)).not.toBe(tokenOf(old.base64));
    expect(reset).toMatchObject({ enabled: true, speedLimitMbps: 10 });

    expect(linkNames((await download(t, old.base64)).body)).toEqual([
      'Nimbus: this link was reset. Import the new link from your account.',
    ]);
    const now = await download(t, fresh.base64);
    expect(linkNames(now.body)).toHaveLength(4);
    // The member's credentials follow the link: the old configuration's no longer match.
    expect(shareLinks(now.body)[0]).not.toBe(shareLinks(before.body)[0]);
  });

  test('revoked links are forgotten after 90 days and then answer 404', async () => {
    await member(t, client, { days: 365 });
    const old = await enabledSubscription(client);
    await client.ok('systemThirdPartyReset', {});
    t.clock.advance(89 * MS_PER_DAY);
    await pruneExpired(t.app.services, t.clock.now);
    expect((await download(t, old.base64)).status).toBe(200);
    t.clock.advance(2 * MS_PER_DAY);
    await pruneExpired(t.app.services, t.clock.now);
    expect((await download(t, old.base64)).status).toBe(404);
  });
});

describe('the link is private', () => {
  test('tokens are stored hashed: the row holds the SHA-256 and a sealed copy, never the token', async () => {
    const userId = await member(t, client);
    const token = tokenOf((await enabledSubscription(client)).base64);
    const rows = await t.app.services.db
      .selectFrom('subscription_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row?.token_sealed).toMatch(/^v1\./);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
    expect(stored).not.toContain(Buffer.from(token, 'base64url').toString('base64'));
  });

  test("another user's session cannot read or change the link; their own link carries their own credentials", async () => {
    await member(t, client);
    const mine = await enabledSubscription(client);
    const stranger = new Client(t.app);
    await member(t, stranger);
    expect((await stranger.ok('systemThirdPartyStatus', {})).subscription).toBeNull();
    const theirs = await enabledSubscription(stranger);
    expect(tokenOf(theirs.base64)).not.toBe(tokenOf(mine.base64));
    await stranger.ok('systemThirdPartyReset', {});
    await stranger.ok('systemThirdPartyDisable', {});
    expect(await client.ok('systemThirdPartyStatus', {})).toMatchObject({
      enabled: true,
      subscription: mine,
    });
    const a = shareLinks((await download(t, mine.base64)).body);
    const b = shareLinks(
      (
        await download(
          t,
          (await stranger.ok('systemThirdPartyStatus', {})).subscription?.base64 ?? theirs.base64,
        )
      ).body,
    );
    expect(a).toHaveLength(4);
    expect(new URL(a[0] ?? '').username).not.toBe(new URL(b[0] ?? '').username);
  });

  test('unknown, malformed and deleted-account links answer 404', async () => {
    await member(t, client);
    const sub = await enabledSubscription(client);
    expect((await download(t, `${PUBLIC_URL}/sub/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await download(t, `${PUBLIC_URL}/sub/short`)).status).toBe(404);
    expect((await download(t, `${PUBLIC_URL}/sub/${tokenOf(sub.base64)}x`)).status).toBe(404);
    await client.ok('userDeleteAccount', { password: PASSWORD });
    const gone = await download(t, sub.base64);
    expect(gone.status).toBe(404);
    expect(gone.body).not.toContain('vless://');
  });
});

describe('what the link serves', () => {
  test("expired membership: a configuration that says so, in the member's language, with no real server", async () => {
    await member(t, client, { days: 8 });
    const sub = await enabledSubscription(client);
    t.clock.advance(9 * MS_PER_DAY);
    const res = await download(t, sub.base64);
    expect(res.status).toBe(200);
    const links = shareLinks(res.body);
    expect(links).toHaveLength(1);
    const link = new URL(links[0] ?? '');
    expect(link.hostname).toBe('127.0.0.1');
    expect(decodeURIComponent(link.hash.slice(1))).toBe(
      'Nimbus: your membership has expired. Renew it in your account.',
    );

    const chinese = new Client(t.app);
    await member(t, chinese, { days: 1, language: 'zh_CN' });
    const zh = await enabledSubscription(chinese);
    t.clock.advance(2 * MS_PER_DAY);
    expect(linkNames((await download(t, zh.base64)).body)).toEqual([
      'Nimbus：会员已到期，请在账户中心续费',
    ]);
  });

  test('a Standard member gets every node, a Lite member the Lite ones', async () => {
    await member(t, client);
    const standard = await enabledSubscription(client);
    const lite = new Client(t.app);
    await member(t, lite, { plan: 'lite' });
    const liteSub = await enabledSubscription(lite);
    expect(linkNames((await download(t, standard.base64)).body)).toEqual([
      '🇯🇵 Tokyo 1',
      '🇸🇬 Singapore 1',
      '🇺🇸 Los Angeles 1',
      '🇭🇰 Hong Kong 1',
    ]);
    expect(linkNames((await download(t, liteSub.base64)).body)).toEqual([
      '🇺🇸 Los Angeles 1',
      '🇭🇰 Hong Kong 1',
    ]);
  });

  test('when no server is open to the plan, the configuration says to contact support', async () => {
    await member(t, client, { plan: 'lite' });
    const sub = await enabledSubscription(client);
    const liteNodes = ['example-los-angeles-1', 'example-hong-kong-1'];
    const change = { actor: 'ops:test' as const, now: t.clock.now };
    try {
      for (const key of liteNodes)
        expect(await setNodeEnabled(t.app.services.db, key, false, change)).toBe(true);
      expect(linkNames((await download(t, sub.base64)).body)).toEqual([
        'Nimbus: no servers are available for your plan right now. Please contact support.',
      ]);
    } finally {
      // PostgreSQL keeps this file's schema for the next tests.
      for (const key of liteNodes) await setNodeEnabled(t.app.services.db, key, true, change);
    }
    expect(linkNames((await download(t, sub.base64)).body)).toHaveLength(2);
  });

  test('each change leaves an audit row', async () => {
    const userId = await member(t, client, { days: 30 });
    await client.ok('systemThirdPartyEnable', {});
    await client.ok('systemThirdPartyReset', {});
    await client.ok('systemThirdPartyDisable', {});
    const trail = await auditTrail(t.app.services.db, 'user', userId);
    expect(trail.map((r) => [r.action, r.actor])).toEqual([
      ['third_party.enabled', `user:${userId}`],
      ['third_party.link_reset', `user:${userId}`],
      ['third_party.disabled', `user:${userId}`],
    ]);
  });
});
