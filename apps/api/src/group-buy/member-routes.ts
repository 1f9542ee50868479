import { RequestHeader, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { pageRequest } from '@nimbus/domain';
import { callerOf, type CallContext } from '../http/handler.ts';
import { orderProductName } from '../orders/index.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import { MemberRole } from './groups.ts';
import { groupViews } from './group-view.ts';
import { createdGroupsPage, findGroup, groupOrderPage, participatedGroupsPage } from './store.ts';

type OrderStatusView = ResponseOf<'paymentJointOrder'>['items'][number]['status'];

// POST /api/payment/payment_joint_purchase_created
/** payment_joint_purchase_created: the groups the caller opened, newest first, one page. */
export async function groupsCreated(
  input: RequestOf<'paymentJointPurchaseCreated'>,
  ctx: CallContext,
): Promise<ResponseOf<'paymentJointPurchaseCreated'>> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  const { rows, total } = await createdGroupsPage(db, userId, page);
  return {
    items: await groupViews(db, rows, userId, ctx.language, ctx.now),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

// POST /api/payment/payment_joint_purchase_participated
/**
 * payment_joint_purchase_participated: the groups the caller joined as a friend (paid, claimed,
 * or holding a seat while paying), newest join first. Seats given up are not participation.
 */
export async function groupsParticipated(
  input: RequestOf<'paymentJointPurchaseParticipated'>,
  ctx: CallContext,
): Promise<ResponseOf<'paymentJointPurchaseParticipated'>> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  const { rows, total } = await participatedGroupsPage(db, userId, page);
  return {
    items: await groupViews(db, rows, userId, ctx.language, ctx.now),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

// POST /api/payment/payment_joint_order
/**
 * payment_joint_order: the caller's group orders, newest first; with `groupId`, the orders of
 * that group: all of them for its creator (amounts and states, no names), the caller's own for
 * anyone else.
 */
export async function groupOrders(
  input: RequestOf<'paymentJointOrder'>,
  ctx: CallContext,
): Promise<ResponseOf<'paymentJointOrder'>> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  let of: { userId: number } | { groupId: number; userId?: number } = { userId };
  if (input.groupId !== undefined) {
    const group = await findGroup(db, input.groupId);
    of = group.creator_id === userId ? { groupId: group.id } : { groupId: group.id, userId };
  }
  const { rows, total } = await groupOrderPage(db, of, page);
  return {
    items: rows.map((r) => ({
      orderId: r.public_id,
      groupId: r.group_public_id,
      productName: orderProductName(r, ctx.language),
      role: r.role === MemberRole.CREATOR ? 'creator' : 'member',
      amount: { amountMinor: r.amount_minor, currency: r.currency },
      status: r.status as OrderStatusView,
      createdAt: r.created_at,
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

// POST /api/payment/payment_joint_detail
/**
 * payment_joint_detail (public, for invite links): the group with its creator masked and
 * counts only, never who the other members are. A signed-in caller also learns their own part
 * in it; a missing or stale token is simply a visitor.
 */
export async function groupDetail(
  input: RequestOf<'paymentJointDetail'>,
  ctx: CallContext,
): Promise<ResponseOf<'paymentJointDetail'>> {
  const { services, now } = ctx;
  const group = await findGroup(services.db, input.groupId);
  const header = ctx.request.headers[RequestHeader.authorization.toLowerCase()];
  const token = tokenFromAuthorization(Array.isArray(header) ? header[0] : header);
  const session = token ? await services.sessions.authenticate(token, now) : undefined;
  const [view] = await groupViews(services.db, [group], session?.userId, ctx.language, now);
  if (!view) throw new Error('group view missing');
  return view;
}
