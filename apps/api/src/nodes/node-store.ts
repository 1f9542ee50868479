import { ShopGroupType } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { writeAudit, type Actor } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { NodesTable } from '../db/schema.ts';
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
}

export class NodeInputError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid node:\n  - ${problems.join('\n  - ')}`);
    this.name = 'NodeInputError';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const HOST_PATTERN =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const IPV6_PATTERN = /^[0-9a-fA-F:]+$/;

const isProtocol = (p: string): p is NodeProtocol =>
  (NODE_PROTOCOLS as readonly string[]).includes(p);
const isAccess = (a: string): a is NodeAccess => (NODE_ACCESS as readonly string[]).includes(a);

/** Every problem of a node definition, or the node. */
export function checkNode(
  input: NodeInput,
): { ok: true; node: NodeRecord } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (!KEY_PATTERN.test(input.key))
    problems.push('key must be 1-63 lower-case letters, digits or dashes');
  const name = input.name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (name === '' || name.length > 64 || /[\u0000-\u001f\u007f,]/.test(name))
    problems.push('name must be 1-64 characters without commas or control characters');
  if (!/^[A-Z]{2}$/.test(input.region))
    problems.push('region must be an ISO 3166 alpha-2 code such as JP');
  if (
    !HOST_PATTERN.test(input.host) &&
    !(input.host.includes(':') && IPV6_PATTERN.test(input.host))
  )
    problems.push('host must be a hostname or an IP address');
  if (!Number.isInteger(input.port) || input.port < 1 || input.port > 65_535)
    problems.push('port must be 1-65535');
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
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    node: {
      key: input.key,
      name,
      region: input.region,
      protocol: input.protocol,
      host: input.host,
      port: input.port,
      params: input.params,
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

/** Adds a node or replaces the one with the same key; audited. Throws NodeInputError. */
export async function saveNode(
  db: Db,
  input: NodeInput,
  change: { actor: Actor; now: number },
): Promise<'created' | 'updated'> {
  const checked = checkNode(input);
  if (!checked.ok) throw new NodeInputError(checked.problems);
  const { node } = checked;
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('nodes')
      .select('id')
      .where('node_key', '=', node.key)
      .executeTakeFirst();
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
      // Node params hold no user secrets (a classic Shadowsocks password is the node's, shared by
      // design).
      data: { ...values, params: node.params },
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
