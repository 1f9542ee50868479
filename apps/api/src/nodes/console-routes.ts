import { ErrorCode, type AdminNodeRow } from '@nimbus/api-sdk/contract';
import { MS_PER_MINUTE, NODE_CAPACITY_MBPS_MAX, pageRequest } from '@nimbus/domain';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import {
  addNode,
  enableNode,
  nodeStatus,
  nodeStatusPage,
  rotateNodeToken,
  type NodeStatus,
} from './manage-nodes.ts';
import { NodeInputError } from './node-store.ts';
import { operatorOf, type AdminCallContext, type AdminHandler } from '../http/console-handler.ts';

const change = (ctx: AdminCallContext) => ({ actor: operatorOf(ctx).actor, now: ctx.now });

function adminNodeRow(n: NodeStatus): AdminNodeRow {
  const { id, capacityMbps: _capacity, ...rest } = n;
  return { nodeId: String(id), ...rest };
}

// POST /api/admin/node_list
export const adminNodeList: AdminHandler<'adminNodeList'> = async (input, ctx) => {
  const page = pageRequest(input.page, input.pageSize);
  const { items, total } = await nodeStatusPage(ctx.services.db, ctx.now, page);
  return { items: items.map(adminNodeRow), total, page: page.page, pageSize: page.pageSize };
};

const FIELD_LIMITS: Partial<Record<string, { max: number }>> = {
  capacity_invalid: { max: NODE_CAPACITY_MBPS_MAX },
};

// POST /api/admin/node_create
export const adminNodeCreate: AdminHandler<'adminNodeCreate'> = async (input, ctx) => {
  const { db } = ctx.services;
  let added;
  try {
    added = await addNode(db, input, change(ctx), { replace: false });
  } catch (error) {
    if (!(error instanceof NodeInputError)) throw error;
    // A plain field's problem in the caller's language; the protocol's settings as the checker says.
    const [field] = Object.values(error.fieldErrors);
    if (field) throw validationRefusal(field, FIELD_LIMITS[field]);
    throw validationRefusal('node_invalid', { problem: error.problems.join('; ') });
  }
  const node = await nodeStatus(db, input.key, ctx.now);
  if (!node || added.token === null) throw new Error(`node ${input.key} was not created`);
  return { node: adminNodeRow(node), token: added.token };
};

// POST /api/admin/node_set_enabled
export const adminNodeSetEnabled: AdminHandler<'adminNodeSetEnabled'> = async (input, ctx) => {
  if (!(await enableNode(ctx.services.db, input.key, input.enabled, change(ctx))))
    throw new Refusal(ErrorCode.NODE_NOT_FOUND);
  const node = await nodeStatus(ctx.services.db, input.key, ctx.now);
  if (!node) throw new Refusal(ErrorCode.NODE_NOT_FOUND);
  return { node: adminNodeRow(node) };
};

// POST /api/admin/node_rotate_token
export const adminNodeRotateToken: AdminHandler<'adminNodeRotateToken'> = async (input, ctx) => {
  const token = await rotateNodeToken(
    ctx.services.db,
    input.key,
    (input.graceMinutes ?? 0) * MS_PER_MINUTE,
    change(ctx),
  );
  if (token === undefined) throw new Refusal(ErrorCode.NODE_NOT_FOUND);
  return { token };
};
