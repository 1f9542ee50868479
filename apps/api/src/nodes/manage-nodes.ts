import { nodeOnline, NODE_PUSH_INTERVAL_SECONDS_DEFAULT } from '@nimbus/domain';
import type { Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import {
  findFeedNodeByKey,
  listFeedNodes,
  pageFeedNodes,
  saveNode,
  setNodeEnabled,
  setNodeToken,
  type FeedNode,
  type NodeInput,
} from './node-store.ts';
import { newNodeToken } from './node-tokens.ts';

/**
 * What operators do with nodes, for the ops commands and the operator console alike: plain
 * values in, plain values out, every change audited by the store.
 */

export interface Change {
  actor: Actor;
  now: number;
}

export interface AddedNode {
  outcome: 'created' | 'updated';
  id: number;
  /** The node's feed token, shown once: only when this call issued it (a new node). */
  token: string | null;
}

/**
 * Adds a node (with a fresh feed token) or updates the one with the same key (token kept);
 * `replace: false` refuses a key that exists (NODE_EXISTS) instead. Throws NodeInputError.
 */
export async function addNode(
  db: Db,
  input: NodeInput,
  change: Change,
  options: { replace: boolean } = { replace: true },
): Promise<AddedNode> {
  const outcome = await saveNode(db, input, change, options);
  const saved = await findFeedNodeByKey(db, input.key);
  if (!saved) throw new Error(`node ${input.key} was saved but cannot be read back`);
  if (saved.tokenHash !== null) return { outcome, id: saved.id, token: null };
  const { token, tokenHash } = newNodeToken();
  await setNodeToken(db, input.key, { tokenHash, graceMs: 0 }, change);
  return { outcome, id: saved.id, token };
}

/**
 * A new feed token for a node; the old one keeps working for `graceMs` (0: stops at once).
 * Undefined when there is no such node.
 */
export async function rotateNodeToken(
  db: Db,
  key: string,
  graceMs: number,
  change: Change,
): Promise<string | undefined> {
  const { token, tokenHash } = newNodeToken();
  return (await setNodeToken(db, key, { tokenHash, graceMs }, change)) ? token : undefined;
}

export async function enableNode(db: Db, key: string, enabled: boolean, change: Change) {
  return setNodeEnabled(db, key, enabled, change);
}

export interface NodeStatus {
  id: number;
  key: string;
  name: string;
  region: string;
  protocol: string;
  access: string;
  host: string;
  port: number;
  enabled: boolean;
  hasToken: boolean;
  capacityMbps: number;
  lastPullAt: number | null;
  lastPushAt: number | null;
  /** Online by the domain rule (last push within three push intervals). */
  online: boolean;
  /** Members online at the last report, 0 once the node is offline. */
  onlineUsers: number;
  /** A REALITY node's public key, which members' clients use (pbk); null for other nodes. */
  realityPublicKey: string | null;
}

export async function nodeStatuses(
  db: Db,
  now: number,
  pushIntervalSeconds = NODE_PUSH_INTERVAL_SECONDS_DEFAULT,
): Promise<NodeStatus[]> {
  const nodes = await listFeedNodes(db);
  return nodes.map((n) => statusOf(n, now, pushIntervalSeconds));
}

function statusOf(
  n: FeedNode,
  now: number,
  pushIntervalSeconds = NODE_PUSH_INTERVAL_SECONDS_DEFAULT,
): NodeStatus {
  const online = nodeOnline(n.lastPushAt, pushIntervalSeconds, now);
  return {
    id: n.id,
    key: n.node.key,
    name: n.node.name,
    region: n.node.region,
    protocol: n.node.protocol,
    access: n.node.access,
    host: n.node.host,
    port: n.node.port,
    enabled: n.enabled,
    hasToken: n.tokenHash !== null,
    capacityMbps: n.capacityMbps,
    lastPullAt: n.lastPullAt,
    lastPushAt: n.lastPushAt,
    online,
    onlineUsers: online ? n.onlineUsers : 0,
    realityPublicKey:
      n.node.protocol === 'vless' && n.node.params.security === 'reality'
        ? (n.node.params.realityPublicKey ?? null)
        : null,
  };
}

/** One node's status; undefined when there is no such node. */
export async function nodeStatus(
  db: Db,
  key: string,
  now: number,
): Promise<NodeStatus | undefined> {
  const node = await findFeedNodeByKey(db, key);
  return node && statusOf(node, now);
}

/** One page of nodes with their status, in display order (the console's list). */
export async function nodeStatusPage(
  db: Db,
  now: number,
  page: { offset: number; limit: number },
): Promise<{ items: NodeStatus[]; total: number }> {
  const { nodes, total } = await pageFeedNodes(db, page);
  return { items: nodes.map((n) => statusOf(n, now)), total };
}
