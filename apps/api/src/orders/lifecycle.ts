import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import { OrderStatus, transitionOrder, type Language } from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import {
  expiredPendingOrderIds,
  findOrder,
  lockOrder,
  updateOrder,
  withLockedOrder,
  type OrderRow,
} from './order-store.ts';
import { holdPromoUseOnPayment, releasePromoUse } from './promo-codes.ts';
import type { OrderServices } from './order-services.ts';
import { productName } from '../plans/index.ts';

// Unambiguous letters and digits (no 0/O, 1/I): order ids are read out to support.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A public order id: the UTC date, then 12 random symbols (60 bits), e.g. 20261125K7Q2M9XH4TZP.
 * Sortable by day for support, and unguessable, so a checkout URL cannot be found by counting.
 */
export function newPublicOrderId(now: number): string {
  const day = new Date(now).toISOString().slice(0, 10).replaceAll('-', '');
  const bytes = randomBytes(12);
  let id = day;
  for (const b of bytes) id += ALPHABET.charAt(b & 31);
  return id;
}

export async function findOwnOrder(db: Db, userId: number, publicId: string): Promise<OrderRow> {
  const order = await findOrder(db, { userId, publicId });
  if (!order) throw new Refusal(ErrorCode.ORDER_NOT_FOUND);
  return order;
}

export const orderProductName = (
  order: Pick<OrderRow, 'group_type' | 'duration_days'>,
  language: Language,
) => productName(language, order.group_type, order.duration_days);

export interface StatusChange {
  trx: Db;
  services: OrderServices;
  order: OrderRow;
  now: number;
  actor: Actor;
  /** Why: 'webhook:sandbox', 'crypto', 'free', 'expiry'... kept in the audit row. */
  source: string;
}

/**
 * Marks an order paid (inside the caller's transaction, with the order locked) and delivers it:
 * its kind's fulfilment (membership for purchases) and every order-paid hook. A repeated
 * confirmation changes nothing and delivers nothing. Returns whether the order changed.
 */
export async function markOrderPaid(change: StatusChange): Promise<boolean> {
  const { trx, services, order, now, actor } = change;
  const step = transitionOrder(order.status as OrderStatus, OrderStatus.PAID);
  if (!step.ok) return false;
  if (!step.value.changed) return false;
  await updateOrder(trx, order.id, { status: OrderStatus.PAID, paid_at: now, updated_at: now });
  const paid: OrderRow = { ...order, status: OrderStatus.PAID, paid_at: now, updated_at: now };
  await writeAudit(trx, {
    actor,
    action: 'order.paid',
    subjectType: 'order',
    subjectId: order.public_id,
    data: {
      from: order.status,
      source: change.source,
      amountMinor: order.amount_minor,
      currency: order.currency,
      userId: order.user_id,
      planId: order.plan_id,
    },
    at: now,
  });
  await services.orders.hooks.paid({
    trx,
    dialect: services.dialect,
    config: services.config,
    settings: services.settings,
    order: paid,
    now,
    actor,
  });
  // The promo code's row is locked last, after the hooks locked the buyer and the inviter (a
  // purchase locks the buyer, then the code). A late
  // payment holds its use again, also past the code's limits: recorded for the operators.
  const over = await holdPromoUseOnPayment(trx, services.dialect, order, now);
  if (over)
    await writeAudit(trx, {
      actor,
      action: 'promo.over_limit',
      subjectType: 'promo_code',
      subjectId: order.promo_code_id ?? 0,
      data: {
        code: over.code,
        orderId: order.public_id,
        userId: order.user_id,
        uses: over.usage.totalUses,
        maxUses: over.maxUses,
        userUses: over.usage.userUses,
        maxUsesPerUser: over.maxUsesPerUser,
      },
      at: now,
    });
  return true;
}

/** Marks a pending order failed, expired or cancelled and releases its promo code use. */
export async function markOrderClosed(
  change: StatusChange,
  status: typeof OrderStatus.FAILED | typeof OrderStatus.EXPIRED | typeof OrderStatus.CANCELLED,
): Promise<boolean> {
  const { trx, order, now, actor } = change;
  const step = transitionOrder(order.status as OrderStatus, status);
  if (!step.ok || !step.value.changed) return false;
  await updateOrder(trx, order.id, { status, updated_at: now });
  await releasePromoUse(trx, order.id, now);
  await writeAudit(trx, {
    actor,
    action: `order.${status}`,
    subjectType: 'order',
    subjectId: order.public_id,
    data: { from: order.status, source: change.source },
    at: now,
  });
  return true;
}

/**
 * Marks a paid order refunded and takes back what it delivered (fulfilment, then order-refunded
 * hooks).
 */
export async function markOrderRefunded(
  change: StatusChange,
  refundRef: string | null,
): Promise<boolean> {
  const { trx, services, order, now, actor } = change;
  const step = transitionOrder(order.status as OrderStatus, OrderStatus.REFUNDED);
  if (!step.ok || !step.value.changed) return false;
  await updateOrder(trx, order.id, {
    status: OrderStatus.REFUNDED,
    refunded_at: now,
    updated_at: now,
  });
  await writeAudit(trx, {
    actor,
    action: 'order.refunded',
    subjectType: 'order',
    subjectId: order.public_id,
    data: {
      source: change.source,
      refundRef,
      amountMinor: order.amount_minor,
      currency: order.currency,
      userId: order.user_id,
    },
    at: now,
  });
  const refunded: OrderRow = {
    ...order,
    status: OrderStatus.REFUNDED,
    refunded_at: now,
    updated_at: now,
  };
  await services.orders.hooks.refunded({
    trx,
    dialect: services.dialect,
    config: services.config,
    settings: services.settings,
    order: refunded,
    now,
    actor,
  });
  return true;
}

/**
 * Refunds a paid order (support or an operator): the provider returns the money, then one
 * transaction marks the order refunded, reverses the membership it credited and runs the
 * order-refunded hooks, audited. Crypto and free orders have no provider to call: the money of
 * a crypto order is returned by hand and recorded here. Refunding twice changes nothing.
 */
export async function refundOrder(
  services: OrderServices,
  publicId: string,
  actor: Actor,
  now: number,
): Promise<{ refunded: boolean }> {
  const order = await findOrder(services.db, { publicId });
  if (!order) throw new Refusal(ErrorCode.ORDER_NOT_FOUND);
  if (order.status === OrderStatus.REFUNDED) return { refunded: false };
  if (order.status !== OrderStatus.PAID) throw new Refusal(ErrorCode.REFUND_NOT_ALLOWED);
  const provider = services.orders.providers.get(order.provider);
  const { refundRef } = provider ? await provider.refund(order) : { refundRef: null };
  return withLockedOrder(services, { id: order.id }, async (trx, locked) => {
    const refunded = await markOrderRefunded(
      { trx, services, order: locked, now, actor, source: 'refund' },
      refundRef,
    );
    return { refunded };
  });
}

/** Closes pending orders whose time ran out (the pruning job calls it); returns how many. */
export async function expireOrders(
  services: OrderServices,
  now: number,
  batch = 200,
): Promise<number> {
  const due = await expiredPendingOrderIds(services.db, now, batch);
  let expired = 0;
  for (const { id } of due) {
    const changed = await services.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, services.dialect, { id });
      if (!order || order.status !== OrderStatus.PENDING || order.expires_at > now) return false;
      return markOrderClosed(
        { trx, services, order, now, actor: 'system', source: 'expiry' },
        OrderStatus.EXPIRED,
      );
    });
    if (changed) expired++;
  }
  return expired;
}
