import { RequestHeader, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { pageRequest } from '@nimbus/domain';
import { deferredPage } from '../db/deferred-page.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { orderColumns, orderProductName } from '../orders/index.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import { findGroup, groupViews, MemberRole, MemberStatus } from './store.ts';

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
  // The page's ids come from the index (creator_id, created_at, id) alone, skipping the earlier
  // pages inside it (a deferred join); only the page's groups are read. The total counts index
  // entries.
  const mine = db.selectFrom('group_buys').where('creator_id', '=', userId);
  const pageIds = mine.select(['id', 'created_at']);
  const [rows, count] = await Promise.all([
    deferredPage(db, pageIds, { desc: ['created_at', 'id'] }, page)
      .innerJoin('group_buys as g', 'g.id', 'p.id')
      .selectAll('g')
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: await groupViews(db, rows, userId, ctx.language, ctx.now),
    total: Number(count.n),
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
  // The page and the total come from the index (user_id, role, joined_at, group_id, status)
  // alone; only the page's groups are read.
  const mine = db
    .selectFrom('group_buy_members as m')
    .where('m.user_id', '=', userId)
    .where('m.role', '=', MemberRole.MEMBER)
    .where('m.status', '!=', MemberStatus.RELEASED);
  const pageSeats = mine.select(['m.group_id', 'm.joined_at']);
  const [rows, count] = await Promise.all([
    deferredPage(db, pageSeats, { desc: ['m.joined_at', 'm.group_id'] }, page)
      .innerJoin('group_buys as g', 'g.id', 'p.group_id')
      .selectAll('g')
      .execute(),
    mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: await groupViews(db, rows, userId, ctx.language, ctx.now),
    total: Number(count.n),
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
  let links = db.selectFrom('group_buy_orders as l');
  if (input.groupId === undefined) {
    links = links.where('l.user_id', '=', userId);
  } else {
    const group = await findGroup(db, input.groupId);
    links = links.where('l.group_id', '=', group.id);
    if (group.creator_id !== userId) links = links.where('l.user_id', '=', userId);
  }
  // Newest first by order id (ids grow with creation time): the page is read from the index
  // (user_id, order_id) or (group_id) backwards and only its rows are joined to their order and
  // group; the total counts index entries alone (each link has exactly one order and group).
  const pageLinks = links.select(['l.order_id', 'l.group_id', 'l.role']);
  const [rows, count] = await Promise.all([
    deferredPage(db, pageLinks, { desc: ['l.order_id'] }, page)
      .innerJoin(
        orderColumns(db, [
          'id',
          'public_id',
          'amount_minor',
          'currency',
          'status',
          'created_at',
          'group_type',
          'duration_days',
        ]).as('o'),
        'o.id',
        'p.order_id',
      )
      .innerJoin('group_buys as g', 'g.id', 'p.group_id')
      .select([
        'o.public_id',
        'o.amount_minor',
        'o.currency',
        'o.status',
        'o.created_at',
        'o.group_type',
        'o.duration_days',
        'g.public_id as group_public_id',
        'p.role',
      ])
      .execute(),
    links.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
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
    total: Number(count.n),
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
