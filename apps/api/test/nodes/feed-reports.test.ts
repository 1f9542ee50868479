import net from 'node:net';
import { MS_PER_MINUTE, MS_PER_SECOND, nodeReportBodyLimit } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { enableNode } from '../../src/nodes/manage-nodes.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { enabledSubscription, member, PUBLIC_URL } from '../support/third-party.ts';
import { feed, LITE_SS_NODE, OPS, testNode, TROJAN_NODE, type TestNode } from './feed-helpers.ts';

/**
 * What the feed believes of a node's reports (push and alive): bodies no larger than the node's
 * members can need, checked before they are read; only from enabled nodes, only for members the
 * node lists, with at most a member's device limit of addresses.
 */

let t: TestApp;
let trojan: TestNode;
let lite: TestNode;

beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  trojan = await testNode(t, TROJAN_NODE);
  lite = await testNode(t, LITE_SS_NODE);
});
afterEach(() => t.close());

async function linkMember(options: { plan?: 'standard' | 'lite'; devices?: number } = {}) {
  const client = new Client(t.app);
  const userId = await member(t, client, options);
  await enabledSubscription(client);
  if (options.devices !== undefined)
    await t.app.services.db
      .updateTable('users')
      .set({ devices_allowed: options.devices })
      .where('id', '=', userId)
      .execute();
  return userId;
}

const trafficOf = (userId: number) =>
  t.app.services.db
    .selectFrom('member_traffic')
    .select(['upload', 'download'])
    .where('user_id', '=', userId)
    .execute();

async function aliveCounts(node: TestNode, ids: number[]) {
  const all = (await feed(t, node, 'GET', 'alivelist')).json().alive as Record<string, number>;
  return Object.fromEntries(Object.entries(all).filter(([id]) => ids.includes(Number(id))));
}

/**
 * A push over a real connection that announces a `length`-byte body (or a chunked one) but sends
 * only its first `sent` bytes, then waits: a server that reads the whole body before answering
 * never answers (the wait ends after 10 s with status 0).
 */
async function partialPush(
  node: TestNode,
  options: { length?: number; sent: number },
): Promise<{ status: number; answer: string }> {
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  const query = new URLSearchParams({
    node_id: String(node.id),
    node_type: node.type,
    token: node.token,
  });
  const socket = net.connect(address.port, '127.0.0.1');
  let answer = '';
  const answered = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}/.test(answer)) resolve();
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const body = Buffer.alloc(options.sent, 0x20);
  body[0] = 0x7b; // a JSON object that never ends
  socket.write(
    `POST /api/v1/server/UniProxy/push?${query.toString()} HTTP/1.1\r\nHost: feed.test\r\n` +
      `Content-Type: application/json\r\nLanguage: en\r\n` +
      (options.length === undefined
        ? 'Transfer-Encoding: chunked\r\n'
        : `Content-Length: ${String(options.length)}\r\n`) +
      '\r\n',
  );
  socket.write(
    options.length === undefined
      ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')])
      : body,
  );
  await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  socket.destroy();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), answer };
}

describe('report bodies', () => {
  const THIRTY_MB = 30 * 1024 * 1024;

  beforeEach(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  test.each([
    ['no such node', { id: 987_654 }],
    ['a wrong token', { token: 'A'.repeat(43) }],
  ])(
    'a 30 MB push for %s is refused before its body is read',
    async (_label, change) => {
      const res = await partialPush(
        { ...trojan, ...change },
        { length: THIRTY_MB, sent: 64 * 1024 },
      );
      expect(res.status).toBe(422);
      expect(res.answer).toMatch(/"message":"Invalid token"/);
    },
    30_000,
  );

  test('a valid node announcing more than its members can need is refused 413 at once', async () => {
    const res = await partialPush(trojan, { length: THIRTY_MB, sent: 64 * 1024 });
    expect(res.status).toBe(413);
    expect(res.answer).toMatch(/"status":"NodeReportTooLarge"/);
  }, 30_000);

  test('a chunked body is cut off at the limit', async () => {
    // 256 KiB of a body that never ends: more than the node's 16 KiB and a few members allow.
    const res = await partialPush(trojan, { sent: 256 * 1024 });
    expect(res.status).toBe(413);
    expect(res.answer).toMatch(/"status":"NodeReportTooLarge"/);
  }, 30_000);

  test('the limit grows with the members the node lists; a push within it works', async () => {
    const ids = [await linkMember(), await linkMember()];
    const limit = nodeReportBodyLimit('push', { members: ids.length, devices: 0 });
    // PostgreSQL keeps other tests' members in this file's schema: the node may list more.
    const body = JSON.stringify({ [ids[0] ?? 0]: [100, 200], [ids[1] ?? 0]: [300, 400] });
    const padded = body.padEnd(limit, ' ');
    expect((await feed(t, trojan, 'POST', 'push', { body: padded })).status).toBe(200);
    expect(await trafficOf(ids[0] ?? 0)).toEqual([{ upload: 100, download: 200 }]);

    const tooLarge = await feed(t, trojan, 'POST', 'push', {
      body: body.padEnd(limit + 128 * 1024, ' '),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 1906,
      status: 'NodeReportTooLarge',
      message: expect.stringContaining('bytes'),
    });
    expect(await trafficOf(ids[0] ?? 0)).toEqual([{ upload: 100, download: 200 }]);
  });
});

describe('whose reports are believed', () => {
  test('a disabled node: its pushes and alive reports are refused and change nothing', async () => {
    const userId = await linkMember();
    await enableNode(t.app.services.db, trojan.key, false, { ...OPS, now: t.clock.now });
    const push = await feed(t, trojan, 'POST', 'push', {
      body: JSON.stringify({ [userId]: [1000, 2000] }),
    });
    expect(push.status).toBe(403);
    expect(push.json()).toMatchObject({ status: 'NodeDisabled', message: expect.any(String) });
    const alive = await feed(t, trojan, 'POST', 'alive', {
      body: JSON.stringify({ [userId]: ['10.0.0.1'] }),
    });
    expect(alive.status).toBe(403);
    expect(await trafficOf(userId)).toEqual([]);
    expect(await aliveCounts(lite, [userId])).toEqual({});
  });

  test('a Standard node pushing traffic for a Lite member it never lists: the whole push is refused', async () => {
    const standard = await linkMember();
    const liteMember = await linkMember({ plan: 'lite' });
    const res = await feed(t, trojan, 'POST', 'push', {
      body: JSON.stringify({ [standard]: [10, 20], [liteMember]: [5_000_000, 9_000_000] }),
    });
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'NodeUserNotListed',
      message: `User not on this node's list: ${String(liteMember)}`,
    });
    expect(await trafficOf(liteMember)).toEqual([]);
    expect(await trafficOf(standard)).toEqual([]);
    // The Lite node lists both.
    const onLite = await feed(t, lite, 'POST', 'push', {
      body: JSON.stringify({ [standard]: [10, 20], [liteMember]: [30, 40] }),
    });
    expect(onLite.status).toBe(200);
  });

  test('a Standard node reporting a Lite member online is refused', async () => {
    const liteMember = await linkMember({ plan: 'lite' });
    const res = await feed(t, trojan, 'POST', 'alive', {
      body: JSON.stringify({ [liteMember]: ['10.0.0.1'] }),
    });
    expect(res.status).toBe(422);
    expect(await aliveCounts(lite, [liteMember])).toEqual({});
  });

  test('a member whose time ran out since the last push still has that traffic counted', async () => {
    const userId = await linkMember();
    expect((await feed(t, trojan, 'POST', 'push', { body: '{}' })).status).toBe(200);
    await t.app.services.db
      .updateTable('users')
      .set({ standard_expires_at: t.clock.now + 30 * MS_PER_SECOND })
      .where('id', '=', userId)
      .execute();
    t.clock.advance(MS_PER_MINUTE);
    const res = await feed(t, trojan, 'POST', 'push', {
      body: JSON.stringify({ [userId]: [7, 8] }),
    });
    expect(res.status).toBe(200);
    expect(await trafficOf(userId)).toEqual([{ upload: 7, download: 8 }]);
  });

  test('addresses beyond the device limit are not counted', async () => {
    const userId = await linkMember({ devices: 2 });
    const res = await feed(t, trojan, 'POST', 'alive', {
      body: JSON.stringify({
        [userId]: Array.from({ length: 40 }, (_, i) => `10.1.0.${String(i)}_${String(trojan.id)}`),
      }),
    });
    expect(res.status).toBe(200);
    expect(await aliveCounts(lite, [userId])).toEqual({ [userId]: 2 });
  });
});
