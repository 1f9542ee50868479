import { ErrorCode, type PaymentMethod, type ResponseOf } from '@nimbus/api-sdk/contract';
import { OrderStatus, type Language } from '@nimbus/domain';
import { userActor, writeAudit } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import {
  checkoutUrlOn,
  findOrder,
  insertOrder,
  markOrderPaid,
  newPublicOrderId,
  withCheckout,
  type OrderRow,
  type OrderServices,
} from '../orders/index.ts';
import { GROUP_CREATOR_ORDER, type GroupRow, type MemberRole } from './groups.ts';
import { groupViews } from './group-view.ts';
import { groupById, groupOfOrder, linkGroupOrder } from './store.ts';

export interface NewGroupOrder {
  group: GroupRow;
  userId: number;
  role: typeof MemberRole.CREATOR | typeof MemberRole.MEMBER;
  kind: string;
  amountMinor: number;
  method: PaymentMethod;
  provider: string;
  idempotencyKey: string;
  expiresAt: number;
}

/**
 * Creates the order paying a group seat, inside the caller's transaction, linked to its group
 * and audited. The plan's time and devices come from the group (as sold), the amount from the
 * domain's share rule. A free amount is paid at once, without a provider.
 */
export async function insertGroupOrder(
  trx: Db,
  services: OrderServices,
  input: NewGroupOrder,
  now: number,
): Promise<OrderRow> {
  const { group } = input;
  const free = input.amountMinor === 0;
  const created = {
    id: await insertOrder(trx, {
      public_id: newPublicOrderId(now),
      user_id: input.userId,
      plan_id: group.plan_id,
      kind: input.kind,
      status: OrderStatus.PENDING,
      group_type: group.group_type,
      duration_days: group.duration_days,
      devices_allowed: group.devices_allowed,
      original_minor: input.amountMinor,
      discount_minor: 0,
      amount_minor: input.amountMinor,
      currency: group.currency,
      promo_code_id: null,
      payment_method: input.method,
      provider: free ? 'free' : input.provider,
      provider_ref: null,
      checkout_url: null,
      idempotency_key: input.idempotencyKey,
      created_at: now,
      updated_at: now,
      expires_at: input.expiresAt,
      paid_at: null,
      refunded_at: null,
    }),
  };
  await linkGroupOrder(trx, {
    orderId: created.id,
    groupId: group.id,
    userId: input.userId,
    role: input.role,
  });
  // New in this transaction: no other one sees the row before the commit. (lockOrder would take
  // the buyer's lock after the group's, against the order of docs/architecture.md.)
  const order = await findOrder(trx, { id: created.id });
  if (!order) throw new Error('order vanished inside its transaction');
  await writeAudit(trx, {
    actor: userActor(input.userId),
    action: 'order.created',
    subjectType: 'order',
    subjectId: order.public_id,
    data: {
      kind: input.kind,
      groupId: group.public_id,
      planId: group.plan_id,
      amountMinor: input.amountMinor,
      currency: group.currency,
      method: input.method,
    },
    at: now,
  });
  return order;
}

/** Pays a zero-amount order at once (inside the transaction that created it). */
export async function completeIfFree(
  trx: Db,
  services: OrderServices,
  order: OrderRow,
  now: number,
): Promise<OrderRow> {
  if (order.amount_minor !== 0) return order;
  await markOrderPaid({
    trx,
    services,
    order,
    now,
    actor: userActor(order.user_id),
    source: 'free',
  });
  return { ...order, status: OrderStatus.PAID, paid_at: now };
}

/**
 * A repeated call with an idempotency key already used: the same order and group again. The
 * key belongs to one attempt; reusing it for another kind of order or another group is a
 * client bug.
 */
export async function repeatedGroupOrder(
  services: OrderServices,
  userId: number,
  idempotencyKey: string,
  check: { kind: string; groupId?: string },
): Promise<{ order: OrderRow; group: GroupRow } | undefined> {
  const order = await findOrder(services.db, { userId, idempotencyKey });
  if (!order) return undefined;
  const link = await groupOfOrder(services.db, order.id);
  if (
    !link ||
    order.kind !== check.kind ||
    (check.groupId !== undefined && link.public_id !== check.groupId)
  )
    throw new Refusal(ErrorCode.VALIDATION_FAILED);
  return { order, group: link };
}

/** The answer of the calls that create a group order: the group, the order and where to pay. */
export async function groupOrderAnswer(
  services: OrderServices,
  order: OrderRow,
  group: GroupRow,
  userId: number,
  language: Language,
  now: number,
  /** Where the caller browses (`checkoutOrigin`), for the checkout URL. */
  origin: string | undefined,
): Promise<ResponseOf<'paymentJointPurchase'>> {
  const withUrl = await withCheckout(services, order, language, now);
  // Read again: the order may have changed the group (a free order completes at once).
  const fresh = await groupById(services.db, group.id);
  const [view] = await groupViews(services.db, [fresh], userId, language, now);
  if (!view) throw new Error('group view missing');
  return {
    group: view,
    orderId: withUrl.public_id,
    amount: { amountMinor: withUrl.amount_minor, currency: withUrl.currency },
    checkoutUrl:
      withUrl.status === OrderStatus.PENDING
        ? checkoutUrlOn(services, withUrl.checkout_url, origin)
        : null,
  };
}

export const isCreatorOrder = (order: Pick<OrderRow, 'kind'>) => order.kind === GROUP_CREATOR_ORDER;
