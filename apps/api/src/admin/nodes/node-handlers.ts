import { ErrorCode, type AdminNodeRow } from '@nimbus/api-sdk/contract';
import { MS_PER_MINUTE, pageRequest } from '@nimbus/domain';
import { Refusal } from '../../errors/refusal.ts';
import {
  enableNode,
  nodeStatuses,
  nodeStatusPage,
  rotateNodeToken,
  type NodeStatus,
} from '../../nodes/node-services.ts';
import { operatorOf, type AdminCallContext, type AdminHandler } from '../admin-handler.ts';

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

// POST /api/admin/node_set_enabled
export const adminNodeSetEnabled: AdminHandler<'adminNodeSetEnabled'> = async (input, ctx) => {
  if (!(await enableNode(ctx.services.db, input.key, input.enabled, change(ctx))))
    throw new Refusal(ErrorCode.NODE_NOT_FOUND);
  const node = (await nodeStatuses(ctx.services.db, ctx.now)).find((n) => n.key === input.key);
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
