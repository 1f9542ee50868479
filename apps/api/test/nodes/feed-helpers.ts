import { randomBytes } from 'node:crypto';
import type { NodeInput } from '../../src/nodes/node-store.ts';
import { addNode } from '../../src/nodes/manage-nodes.ts';
import type { TestApp } from '../support/test-app.ts';

export const OPS = { actor: 'ops:test' } as const;

export const TROJAN_NODE: NodeInput = {
  key: 'feed-trojan',
  name: 'Feed Trojan',
  region: 'SG',
  protocol: 'trojan',
  host: 'trojan.feed.example',
  port: 8443,
  access: 'standard',
  params: { sni: 'trojan.feed.example' },
};

export const LITE_SS_NODE: NodeInput = {
  key: 'feed-ss',
  name: 'Feed SS',
  region: 'HK',
  protocol: 'shadowsocks',
  host: 'ss.feed.example',
  port: 8388,
  access: 'lite',
  params: { method: '2022-blake3-aes-128-gcm', serverKey: 'AAAAAAAAAAAAAAAAAAAAAA==' },
};

export interface TestNode {
  id: number;
  key: string;
  token: string;
  type: string;
  /** The address it calls from (limits count per address; PostgreSQL keeps them per file). */
  ip: string;
}

/** A new node of this shape (its own key: PostgreSQL keeps one schema per test file). */
export async function testNode(t: TestApp, input: NodeInput): Promise<TestNode> {
  const key = `${input.key}-${randomBytes(4).toString('hex')}`;
  const added = await addNode(t.app.services.db, { ...input, key }, { ...OPS, now: t.clock.now });
  if (!added.token) throw new Error('the node already had a token');
  const ip = `127.${[...randomBytes(3)].join('.')}`;
  return { id: added.id, key, token: added.token, type: input.protocol, ip };
}

/** A UniProxy request as V2bX sends it: node_id, node_type and token in the query. */
export async function feed(
  t: TestApp,
  node: TestNode,
  method: 'GET' | 'POST',
  action: string,
  options: { body?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const query = new URLSearchParams({
    node_id: String(node.id),
    node_type: node.type,
    token: node.token,
    ...options.query,
  });
  const res = await t.app.inject({
    method,
    url: `/api/v1/server/UniProxy/${action}?${query.toString()}`,
    remoteAddress: node.ip,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      language: 'en',
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body,
    json: () => JSON.parse(res.body) as Record<string, unknown>,
  };
}

export interface FeedUser {
  id: number;
  uuid: string;
  speed_limit: number;
  device_limit: number;
}

export async function users(t: TestApp, node: TestNode): Promise<FeedUser[]> {
  const res = await feed(t, node, 'GET', 'user');
  if (res.status !== 200) throw new Error(`user list: ${res.status} ${res.body}`);
  return (res.json() as { users: FeedUser[] }).users;
}
