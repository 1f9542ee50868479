import { realityPublicKeyOf } from './reality.ts';
import {
  nodeFieldErrors,
  ShopGroupType,
  vmessFieldErrors,
  type NodeField,
  type ValidationError,
} from '@nimbus/domain';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import type { Selectable } from 'kysely';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import type { NodesTable } from '../db/schema.ts';
import { Refusal } from '../errors/refusal.ts';
import { validatorFor } from '../http/validator.ts';
import {
  crossFieldProblems,
  NODE_ACCESS,
  NODE_PROTOCOLS,
  PARAMS_SCHEMAS,
  type NodeAccess,
  type NodeProtocol,
  type ParamsOf,
} from './node-params.ts';

/** A node as the subscription builders use it: validated, params typed by protocol. */
export type NodeRecord = {
  [P in NodeProtocol]: {
    key: string;
    name: string;
    region: string;
    protocol: P;
    host: string;
    port: number;
    params: ParamsOf[P];
    access: NodeAccess;
  };
}[NodeProtocol];

export interface NodeInput {
  key: string;
  name: string;
  region: string;
  protocol: string;
  host: string;
  port: number;
  params: unknown;
  access: string;
  enabled?: boolean | undefined;
  sortOrder?: number | undefined;
  /** Port speed in Mbit/s (traffic reports are judged against it); the domain default when absent. */
  capacityMbps?: number | undefined;
}

/** The plain fields, and `params` for a protocol setting the domain names a problem of. */
export type NodeInputField = NodeField | 'params';

export class NodeInputError extends Error {
  constructor(
    readonly problems: string[],
    /** The problems of the plain fields, as the domain names them (the console localises them). */
    readonly fieldErrors: Partial<Record<NodeInputField, ValidationError>> = {},
  ) {
    super(`Invalid node:\n  - ${problems.join('\n  - ')}`);
    this.name = 'NodeInputError';
  }
}

const isProtocol = (p: string): p is NodeProtocol =>
  (NODE_PROTOCOLS as readonly string[]).includes(p);
const isAccess = (a: string): a is NodeAccess => (NODE_ACCESS as readonly string[]).includes(a);

/** The English text of each field problem (the ops commands print it; the console localises). */
const FIELD_PROBLEMS: Record<NodeField, string> = {
  key: 'key must be 1-63 lower-case letters, digits or dashes',
  name: 'name must be 1-64 characters without commas or control characters',
  region: 'region must be an ISO 3166 alpha-2 code such as JP',
  host: 'host must be a hostname or an IP address',
  port: 'port must be 1-65535',
  capacityMbps: 'capacity must be 1-400000 Mbit/s',
};

/** Every problem of a node definition, or the node. */
export function checkNode(input: NodeInput):
  | { ok: true; node: NodeRecord }
  | {
      ok: false;
      problems: string[];
      fieldErrors: Partial<Record<NodeInputField, ValidationError>>;
    } {
  const fieldErrors: Partial<Record<NodeInputField, ValidationError>> = nodeFieldErrors(input);
  const problems = (Object.keys(fieldErrors) as NodeField[]).map((f) => FIELD_PROBLEMS[f]);
  const name = input.name.trim();
  if (!isAccess(input.access)) problems.push(`access must be one of ${NODE_ACCESS.join(', ')}`);
  if (!isProtocol(input.protocol)) {
    problems.push(`protocol must be one of ${NODE_PROTOCOLS.join(', ')}`);
  } else {
    const validator = validatorFor(PARAMS_SCHEMAS[input.protocol]);
    if (!validator.Check(input.params)) {
      for (const e of validator.Errors(input.params))
        problems.push(`params${e.instancePath}: ${e.message}`);
    } else {
      problems.push(...crossFieldProblems(input.protocol, input.params as ParamsOf[NodeProtocol]));
      // A VMess setting's problem also as the domain names it, for the console to localise.
      const [vmess] =
        input.protocol === 'vmess'
          ? Object.values(vmessFieldErrors(input.params as ParamsOf['vmess']))
          : [];
      if (vmess !== undefined && !fieldErrors.params) fieldErrors.params = vmess;
    }
  }
  if (problems.length > 0) return { ok: false, problems, fieldErrors };
  // A REALITY node keeps the public key its clients need: derived from the private key.
  const vless = input.params as ParamsOf['vless'];
  const params =
    input.protocol === 'vless' && vless.security === 'reality' && vless.realityPrivateKey
      ? { ...vless, realityPublicKey: realityPublicKeyOf(vless.realityPrivateKey) }
      : input.params;
  return {
    ok: true,
    node: {
      key: input.key,
      name,
      region: input.region,
      protocol: input.protocol,
      host: input.host,
      port: input.port,
      params,
      access: input.access,
    } as NodeRecord,
  };
}

function recordOf(row: Selectable<NodesTable>): NodeRecord | undefined {
  let params: unknown;
  try {
    params = JSON.parse(row.params);
  } catch {
    return undefined;
  }
  const checked = checkNode({
    key: row.node_key,
    name: row.name,
    region: row.region,
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    params,
    access: row.access,
  });
  return checked.ok ? checked.node : undefined;
}

const withoutSecrets = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([key]) => key !== 'realityPrivateKey'));

/**
 * Adds a node or replaces the one with the same key (NODE_EXISTS instead when `replace` is
 * false); audited. Throws NodeInputError.
 */
export async function saveNode(
  db: Db,
  input: NodeInput,
  change: { actor: Actor; now: number },
  options: { replace: boolean } = { replace: true },
): Promise<'created' | 'updated'> {
  const checked = checkNode(input);
  if (!checked.ok) throw new NodeInputError(checked.problems, checked.fieldErrors);
  const { node } = checked;
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('nodes')
      .select('id')
      .where('node_key', '=', node.key)
      .executeTakeFirst();
    if (existing && !options.replace) throw new Refusal(ErrorCode.NODE_EXISTS);
    const values = {
      name: node.name,
      region: node.region,
      protocol: node.protocol,
      host: node.host,
      port: node.port,
      params: JSON.stringify(node.params),
      access: node.access,
      enabled: input.enabled === false ? 0 : 1,
      sort_order: input.sortOrder ?? 0,
      ...(input.capacityMbps !== undefined ? { capacity_mbps: input.capacityMbps } : {}),
      updated_at: change.now,
    };
    if (existing)
      await trx.updateTable('nodes').set(values).where('id', '=', existing.id).execute();
    else
      await trx
        .insertInto('nodes')
        .values({ ...values, node_key: node.key, created_at: change.now })
        .execute();
    await writeAudit(trx, {
      actor: change.actor,
      action: existing ? 'node.updated' : 'node.created',
      subjectType: 'node',
      subjectId: node.key,
      at: change.now,
      // Node params hold no member secrets; the REALITY private key is the node's and stays out.
      data: { ...values, params: withoutSecrets(node.params) },
    });
    return existing ? 'updated' : 'created';
  });
}

/** Takes a node out of (or back into) every subscription; false when there is no such node. */
export async function setNodeEnabled(
  db: Db,
  key: string,
  enabled: boolean,
  change: { actor: Actor; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('nodes')
      .set({ enabled: enabled ? 1 : 0, updated_at: change.now })
      .where('node_key', '=', key)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actor: change.actor,
      action: enabled ? 'node.enabled' : 'node.disabled',
      subjectType: 'node',
      subjectId: key,
      at: change.now,
      data: {},
    });
    return true;
  });
}

/**
 * The enabled nodes a plan permission opens, in display order: Standard gets every node, Lite
 * the Lite ones. A row whose params no longer validate is left out rather than breaking every
 * member's configuration (saveNode never writes one).
 */
export async function nodesForPermission(db: Db, permission: ShopGroupType): Promise<NodeRecord[]> {
  let query = db.selectFrom('nodes').selectAll().where('enabled', '=', 1);
  if (permission === ShopGroupType.LITE) query = query.where('access', '=', 'lite');
  const rows = await query.orderBy('sort_order').orderBy('id').execute();
  return rows.map(recordOf).filter((n): n is NodeRecord => n !== undefined);
}

/** A node as the feed sees it: its definition, token state and feed state. */
export interface FeedNode {
  id: number;
  node: NodeRecord;
  enabled: boolean;
  capacityMbps: number;
  createdAt: number;
  tokenHash: string | null;
  previousTokenHash: string | null;
  previousTokenExpiresAt: number | null;
  tokenRotatedAt: number | null;
  lastPullAt: number | null;
  lastPushAt: number | null;
  lastAliveAt: number | null;
  onlineUsers: number;
  updatedAt: number;
}

function feedNodeOf(row: Selectable<NodesTable>): FeedNode | undefined {
  const node = recordOf(row);
  if (!node) return undefined;
  return {
    id: row.id,
    node,
    enabled: row.enabled === 1,
    capacityMbps: row.capacity_mbps,
    createdAt: Number(row.created_at),
    tokenHash: row.token_hash,
    previousTokenHash: row.previous_token_hash,
    previousTokenExpiresAt: nullableNumber(row.previous_token_expires_at),
    tokenRotatedAt: nullableNumber(row.token_rotated_at),
    lastPullAt: nullableNumber(row.last_pull_at),
    lastPushAt: nullableNumber(row.last_push_at),
    lastAliveAt: nullableNumber(row.last_alive_at),
    onlineUsers: row.online_users,
    updatedAt: Number(row.updated_at),
  };
}

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

/** The node a feed request names; undefined when there is none (or its row no longer validates). */
export async function findFeedNode(db: Db, id: number): Promise<FeedNode | undefined> {
  const row = await db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? feedNodeOf(row) : undefined;
}

export async function findFeedNodeByKey(db: Db, key: string): Promise<FeedNode | undefined> {
  const row = await db
    .selectFrom('nodes')
    .selectAll()
    .where('node_key', '=', key)
    .executeTakeFirst();
  return row ? feedNodeOf(row) : undefined;
}

/** Every node with its feed state, in display order (the ops list and status). */
export async function listFeedNodes(db: Db): Promise<FeedNode[]> {
  const rows = await db
    .selectFrom('nodes')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(feedNodeOf).filter((n): n is FeedNode => n !== undefined);
}

/** One page of nodes with their feed state, in display order (the console's list). */
export async function pageFeedNodes(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ nodes: FeedNode[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('nodes')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    nodes: rows.map(feedNodeOf).filter((n): n is FeedNode => n !== undefined),
    total: Number(count.n),
  };
}

/** Records a pull of the user list (no audit: it happens every minute). */
export async function recordNodePull(
  db: Db,
  id: number,
  now: number,
  resolutionMs = 0,
): Promise<void> {
  // Pulls closer together than the resolution write nothing (no row lock, no commit to wait for).
  await db
    .updateTable('nodes')
    .set({ last_pull_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_pull_at', 'is', null), eb('last_pull_at', '<=', now - resolutionMs)]),
    )
    .execute();
}

/**
 * Records an accepted traffic push; the push's member count is the online count unless a fresh
 * alive report (after `aliveFreshSince`) says better.
 */
export async function recordNodePush(
  db: Db,
  id: number,
  input: { now: number; members: number; aliveFreshSince: number },
): Promise<void> {
  await db
    .updateTable('nodes')
    .set((eb) => ({
      last_push_at: input.now,
      online_users: eb
        .case()
        .when('last_alive_at', '>=', input.aliveFreshSince)
        .then(eb.ref('online_users'))
        .else(input.members)
        .end(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Records an alive report: the members it names are the node's online count. */
export async function recordNodeAlive(
  db: Db,
  id: number,
  input: { now: number; members: number },
): Promise<void> {
  await db
    .updateTable('nodes')
    .set({ last_alive_at: input.now, online_users: input.members })
    .where('id', '=', id)
    .execute();
}

/**
 * Gives a node a new feed token (audited without it); the previous one stays valid for every
 * call for `graceMs`, and for reports for at least NODE_REPORT_GRACE_MS (node-tokens.ts). False
 * when there is no such node.
 */
export async function setNodeToken(
  db: Db,
  key: string,
  input: { tokenHash: string; graceMs: number },
  change: { actor: Actor; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('nodes')
      .select(['id', 'token_hash'])
      .where('node_key', '=', key)
      .executeTakeFirst();
    if (!row) return false;
    const keepPrevious = row.token_hash !== null && input.graceMs > 0;
    await trx
      .updateTable('nodes')
      .set({
        token_hash: input.tokenHash,
        // Kept for reports in any case; for pulls only in the operator's grace.
        previous_token_hash: row.token_hash,
        previous_token_expires_at: keepPrevious ? change.now + input.graceMs : null,
        token_rotated_at: change.now,
        updated_at: change.now,
      })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, {
      actor: change.actor,
      action: 'node.token_rotated',
      subjectType: 'node',
      subjectId: key,
      at: change.now,
      data: {
        tokenHashPrefix: input.tokenHash.slice(0, 8),
        previousValidMs: keepPrevious ? input.graceMs : 0,
      },
    });
    return true;
  });
}
