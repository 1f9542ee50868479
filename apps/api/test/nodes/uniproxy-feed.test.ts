import { gunzipSync } from 'node:zlib';
import { MS_PER_DAY, MS_PER_MINUTE } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { rotateNodeToken, enableNode, nodeStatuses } from '../../src/nodes/manage-nodes.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  download,
  enabledSubscription,
  member,
  PUBLIC_URL,
  shareLinks,
} from '../support/third-party.ts';
import {
  feed,
  LITE_SS_NODE,
  OPS,
  testNode,
  TROJAN_NODE,
  users,
  type TestNode,
} from './feed-helpers.ts';

let t: TestApp;
let trojan: TestNode;
let lite: TestNode;

beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  trojan = await testNode(t, TROJAN_NODE);
  lite = await testNode(t, LITE_SS_NODE);
});
afterEach(() => t.close());

async function statusOf(node: TestNode) {
  const status = (await nodeStatuses(t.app.services.db, t.clock.now)).find(
    (s) => s.key === node.key,
  );
  if (!status) throw new Error(`no node ${node.key}`);
  return status;
}

/** The listed users among `ids` (PostgreSQL keeps other tests' members in this file's schema). */
const among = <T extends { id: number }>(list: T[], ids: number[]) =>
  list.filter((u) => ids.includes(u.id));

/** A member with the third-party client on: their link's vless uuid. */
async function linkMember(options: { plan?: 'standard' | 'lite'; days?: number } = {}) {
  const client = new Client(t.app);
  const userId = await member(t, client, options);
  const sub = await enabledSubscription(client);
  const uuid = new URL(shareLinks((await download(t, sub.base64)).body)[0] ?? '').username;
  return { client, userId, sub, uuid };
}

describe('authentication', () => {
  test.each([
    ['a wrong token', { token: 'A'.repeat(43) }],
    ['no token', { token: '' }],
    ['a node that does not exist', { node_id: '999999' }],
    ['a malformed node id', { node_id: '1 OR 1=1' }],
  ])(
    '%s answers as Xboard does (422 "Invalid token") and changes nothing',
    async (_label, query) => {
      const res = await feed(t, trojan, 'GET', 'user', { query });
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({
        code: 1901,
        status: 'NodeTokenInvalid',
        message: 'Invalid token',
        data: null,
      });
      expect((await statusOf(trojan)).lastPullAt).toBeNull();
    },
  );

  test('answers to nodes are in English unless the node asks for a language', async () => {
    const res = await feed(t, trojan, 'GET', 'config', {
      query: { token: 'x' },
      headers: { language: '' },
    });
    expect(res.json()).toMatchObject({ msg: 'Invalid token', message: 'Invalid token' });
    const asked = await feed(t, trojan, 'GET', 'config', {
      query: { token: 'x' },
      headers: { language: 'zh_CN' },
    });
    expect(asked.json()).toMatchObject({ msg: '令牌无效', message: '令牌无效' });
  });

  test("one node's token does not open another node", async () => {
    const res = await feed(t, { ...trojan, token: lite.token }, 'GET', 'config');
    expect(res.status).toBe(422);
  });

  test('"v2ray" is VMess only: a VLESS node asked as v2ray is refused, not served', async () => {
    const vless = await testNode(t, {
      ...TROJAN_NODE,
      key: 'feed-vless',
      protocol: 'vless',
      params: { security: 'tls', sni: 'vless.feed.example' },
    });
    // XrayR and V2bX ask a VLESS node as "vless"; "v2ray" would be a VMess inbound.
    expect((await feed(t, { ...vless, type: 'vless' }, 'GET', 'config')).json()).toMatchObject({
      protocol: 'vless',
      tls: 1,
    });
    const refused = await feed(t, { ...vless, type: 'V2ray' }, 'GET', 'config');
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ status: 'NodeTypeMismatch' });
    const vmess = await testNode(t, {
      ...TROJAN_NODE,
      key: 'feed-vmess',
      protocol: 'vmess',
      params: { tls: true, sni: 'vmess.feed.example' },
    });
    expect((await feed(t, { ...vmess, type: 'V2ray' }, 'GET', 'config')).json()).toMatchObject({
      protocol: 'vmess',
    });
  });

  test('a node asking as another protocol is told the server does not exist', async () => {
    const res = await feed(t, { ...trojan, type: 'vless' }, 'GET', 'config');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ status: 'NodeTypeMismatch' });
  });

  test('a stale token is rate limited per node and token; healthy nodes at the same address are not', async () => {
    // The node at `trojan.ip` still runs a rotated token; `lite` shares its address.
    const neighbour = { ...lite, ip: trojan.ip };
    const stale = { ...trojan, token: 'A'.repeat(43) };
    for (let i = 0; i < 30; i++) expect((await feed(t, stale, 'GET', 'user')).status).toBe(422);
    const limited = await feed(t, stale, 'GET', 'user');
    expect(limited.status).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'TooManyRequests' });
    // The right tokens from the same address are never counted against.
    expect((await feed(t, trojan, 'GET', 'config')).status).toBe(200);
    expect((await feed(t, neighbour, 'GET', 'config')).status).toBe(200);
    t.clock.advance(11 * MS_PER_MINUTE);
    expect((await feed(t, stale, 'GET', 'user')).status).toBe(422);
  });

  test('after a rotation the old token still carries reports for 10 minutes, never pulls', async () => {
    const db = t.app.services.db;
    const old = trojan.token;
    const fresh = await rotateNodeToken(db, trojan.key, 0, { ...OPS, now: t.clock.now });
    const withOld = { ...trojan, token: old };
    // Bytes measured before the node got its new token are not lost...
    expect((await feed(t, withOld, 'POST', 'push', { body: '{}' })).status).toBe(200);
    expect((await feed(t, withOld, 'POST', 'alive', { body: '{}' })).status).toBe(200);
    // ...but the old token reads nothing: the old agent is stopped at once.
    expect((await feed(t, withOld, 'GET', 'user')).status).toBe(422);
    expect((await feed(t, withOld, 'GET', 'config')).status).toBe(422);
    t.clock.advance(10 * MS_PER_MINUTE);
    expect((await feed(t, withOld, 'POST', 'push', { body: '{}' })).status).toBe(422);
    expect(
      (await feed(t, { ...trojan, token: fresh ?? '' }, 'POST', 'push', { body: '{}' })).status,
    ).toBe(200);
  });

  test('a rotated token stops at once, or after its grace period', async () => {
    const db = t.app.services.db;
    const first = await rotateNodeToken(db, trojan.key, 10 * MS_PER_MINUTE, {
      ...OPS,
      now: t.clock.now,
    });
    expect(first).toBeDefined();
    expect((await feed(t, trojan, 'GET', 'config')).status).toBe(200);
    expect((await feed(t, { ...trojan, token: first ?? '' }, 'GET', 'config')).status).toBe(200);
    t.clock.advance(10 * MS_PER_MINUTE);
    expect((await feed(t, trojan, 'GET', 'config')).status).toBe(422);
    const second = await rotateNodeToken(db, trojan.key, 0, { ...OPS, now: t.clock.now });
    expect((await feed(t, { ...trojan, token: first ?? '' }, 'GET', 'config')).status).toBe(422);
    expect((await feed(t, { ...trojan, token: second ?? '' }, 'GET', 'config')).status).toBe(200);
  });
});

describe('config', () => {
  test("a node's settings in Xboard's field names, with an ETag and 304", async () => {
    const res = await feed(t, trojan, 'GET', 'config');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      protocol: 'trojan',
      listen_ip: '0.0.0.0',
      server_port: 8443,
      host: 'trojan.feed.example',
      network: 'tcp',
      networkSettings: null,
      network_settings: null,
      server_name: 'trojan.feed.example',
      base_config: { push_interval: 60, pull_interval: 60 },
    });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await feed(t, trojan, 'GET', 'config', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  test('a Shadowsocks 2022 node gets its cipher and server key', async () => {
    expect((await feed(t, lite, 'GET', 'config')).json()).toMatchObject({
      protocol: 'shadowsocks',
      server_port: 8388,
      cipher: '2022-blake3-aes-128-gcm',
      server_key: 'AAAAAAAAAAAAAAAAAAAAAA==',
    });
  });
});

describe('the user list', () => {
  test('members with a working link, with the link uuid, 10 Mbps and their devices; ETag and 304', async () => {
    const standard = await linkMember();
    const liteMember = await linkMember({ plan: 'lite' });
    await t.app.services.db
      .updateTable('users')
      .set({ devices_allowed: 3 })
      .where('id', '=', standard.userId)
      .execute();

    const noLink = await member(t, new Client(t.app));
    const res = await feed(t, trojan, 'GET', 'user');
    expect(res.status).toBe(200);
    const listed = res.json().users as Array<{ id: number }>;
    expect(among(listed, [standard.userId, liteMember.userId, noLink])).toEqual([
      { id: standard.userId, uuid: standard.uuid, speed_limit: 10, device_limit: 3 },
    ]);
    const etag = String(res.headers.etag);
    expect(
      (await feed(t, trojan, 'GET', 'user', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);

    expect(
      among(await users(t, lite), [standard.userId, liteMember.userId])
        .map((u) => u.id)
        .sort(),
    ).toEqual([standard.userId, liteMember.userId].sort());
  });

  test('reset, switched off, expired, downgraded and deleted members leave the next pull', async () => {
    const reset = await linkMember();
    const off = await linkMember();
    const expiring = await linkMember({ days: 1 });
    const deleted = await linkMember();
    const stays = await linkMember({ days: 10 });
    const ids = [reset, off, expiring, deleted, stays].map((m) => m.userId);
    const before = await feed(t, trojan, 'GET', 'user');
    expect(among(before.json().users as Array<{ id: number }>, ids)).toHaveLength(5);

    await reset.client.ok('systemThirdPartyReset', {});
    await off.client.ok('systemThirdPartyDisable', {});
    await t.app.services.db
      .updateTable('users')
      .set({ deleted_at: t.clock.now, updated_at: t.clock.now })
      .where('id', '=', deleted.userId)
      .execute();
    t.clock.advance(MS_PER_DAY + 1);

    const after = await feed(t, trojan, 'GET', 'user', {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.status).toBe(200);
    const list = among(after.json().users as Array<{ id: number; uuid: string }>, ids);
    const newUuid = new URL(
      shareLinks(
        (
          await download(
            t,
            (await reset.client.ok('systemThirdPartyStatus', {})).subscription?.base64 ?? '',
          )
        ).body,
      )[0] ?? '',
    ).username;
    expect(list.map((u) => u.id).sort()).toEqual([reset.userId, stays.userId].sort());
    // The reset link's member is still there, under the new link's uuid only.
    expect(list.find((u) => u.id === reset.userId)?.uuid).toBe(newUuid);
    expect(newUuid).not.toBe(reset.uuid);
    void expiring;
  });

  test('node software asking for gzip gets the list gzipped once (and the same ETag)', async () => {
    const m = await linkMember();
    const plain = await feed(t, trojan, 'GET', 'user');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/server/UniProxy/user?node_id=${trojan.id}&node_type=trojan&token=${trojan.token}`,
      headers: { 'accept-encoding': 'gzip' },
      remoteAddress: trojan.ip,
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toBe(plain.headers.etag);
    const body = JSON.parse(gunzipSync(res.rawPayload).toString()) as {
      users: Array<{ id: number }>;
    };
    expect(body).toEqual(plain.json());
    expect(body.users.map((u) => u.id)).toContain(m.userId);
  });

  test('a disabled node lets nobody in', async () => {
    await linkMember();
    await enableNode(t.app.services.db, trojan.key, false, { ...OPS, now: t.clock.now });
    expect((await feed(t, trojan, 'GET', 'user')).json()).toEqual({ users: [] });
  });
});

describe('traffic', () => {
  test("a push adds to the member's day and to subscription-userinfo", async () => {
    const m = await linkMember();
    const push = await feed(t, trojan, 'POST', 'push', {
      body: JSON.stringify({ [m.userId]: [1200, 34000] }),
    });
    expect(push.status).toBe(200);
    expect(push.json()).toMatchObject({ code: 200, data: true });
    await feed(t, trojan, 'POST', 'push', { body: JSON.stringify({ [m.userId]: [800, 6000] }) });
    const sub = await download(t, m.sub.clash, 'clash-verge/v2.0.3');
    expect(String(sub.headers['subscription-userinfo'])).toMatch(
      /^upload=2000; download=40000; total=0; expire=\d+$/,
    );
    expect(await statusOf(trojan)).toMatchObject({
      online: true,
      onlineUsers: 1,
      lastPushAt: t.clock.now,
    });
  });

  test.each([
    ['garbage', 'not json{', 400, 'NodeReportInvalid'],
    ['an array', '[[1,2]]', 400, 'NodeReportInvalid'],
    ['a negative count', '{"USER":[-1,5]}', 400, 'NodeReportInvalid'],
    ['a fraction', '{"USER":[1.5,5]}', 400, 'NodeReportInvalid'],
    ['a string count', '{"USER":["1",5]}', 400, 'NodeReportInvalid'],
    ['three numbers', '{"USER":[1,2,3]}', 400, 'NodeReportInvalid'],
    ['a user id that is not a number', '{"abc":[1,2]}', 400, 'NodeReportInvalid'],
    [
      'more than a 1 Gbit/s port carries in a minute',
      '{"USER":[15000000001,0]}',
      422,
      'NodeTrafficImplausible',
    ],
    ['a user id that is not a member', '{"USER":[1,2],"987654321":[1,2]}', 422, 'NodeUserUnknown'],
  ])('%s is refused with a clear 4xx and changes nothing', async (_label, body, status, name) => {
    const m = await linkMember();
    const res = await feed(t, trojan, 'POST', 'push', {
      body: body.replaceAll('USER', String(m.userId)),
    });
    expect(res.status).toBe(status);
    expect(res.json()).toMatchObject({ status: name, data: null });
    expect(String(res.json().message)).not.toBe('');
    const rows = await t.app.services.db
      .selectFrom('member_traffic')
      .selectAll()
      .where('user_id', '=', m.userId)
      .execute();
    expect(rows).toEqual([]);
    expect((await statusOf(trojan)).lastPushAt).toBeNull();
  });

  test('a node back after an hour may report an hour of traffic', async () => {
    const m = await linkMember();
    await feed(t, trojan, 'POST', 'push', { body: '{}' });
    t.clock.advance(60 * MS_PER_MINUTE);
    const hourAtFullSpeed = 2 * 1_000 * 125 * 60 * MS_PER_MINUTE;
    const res = await feed(t, trojan, 'POST', 'push', {
      body: JSON.stringify({ [m.userId]: [hourAtFullSpeed / 2, hourAtFullSpeed / 2] }),
    });
    expect(res.status).toBe(200);
  });
});

describe('alive and the device limit', () => {
  test("alivelist counts each member's addresses across nodes, an address once", async () => {
    const m = await linkMember();
    const other = await linkMember();
    await t.app.services.db
      .updateTable('users')
      .set({ devices_allowed: 3 })
      .where('id', '=', m.userId)
      .execute();
    expect(
      (
        await feed(t, trojan, 'POST', 'alive', {
          body: JSON.stringify({ [m.userId]: [`10.0.0.1_${trojan.id}`, `10.0.0.2_${trojan.id}`] }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await feed(t, lite, 'POST', 'alive', {
          body: JSON.stringify({
            [m.userId]: [`10.0.0.2_${lite.id}`, `10.0.0.3_${lite.id}`],
            [other.userId]: ['10.0.0.9'],
          }),
        })
      ).status,
    ).toBe(200);
    const alive = async () => {
      const all = (await feed(t, trojan, 'GET', 'alivelist')).json().alive as Record<
        string,
        number
      >;
      return Object.fromEntries(
        Object.entries(all).filter(([id]) => [m.userId, other.userId].includes(Number(id))),
      );
    };
    expect(await alive()).toEqual({ [m.userId]: 3, [other.userId]: 1 });
    // A report older than the alive window no longer counts.
    t.clock.advance(4 * MS_PER_MINUTE);
    expect(await alive()).toEqual({});
  });

  test('an alive report naming a stranger is refused and changes nothing', async () => {
    const res = await feed(t, trojan, 'POST', 'alive', { body: '{"424242424":["10.0.0.1"]}' });
    expect(res.status).toBe(422);
    expect(
      await t.app.services.db
        .selectFrom('node_alive')
        .selectAll()
        .where('node_id', '=', trojan.id)
        .execute(),
    ).toEqual([]);
  });
});
