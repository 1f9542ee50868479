import { ErrorCode, type AdminRequestOf } from '@nimbus/api-sdk/contract';
import { OrderStatus, validateReason, type Language } from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { markOrderClosed, markOrderPaid, orderProductName, refundOrder } from './lifecycle.ts';
import { findOrder, searchOrderRows, withLockedOrder } from './order-store.ts';
import type { OrderRow } from './order-hooks.ts';
import type { OrderServices } from './order-services.ts';
import { rowId } from '../db/row-id.ts';

/** An order as the console shows it (its list, a member's detail, a ticket's facts). */
export const adminOrderRow = (o: OrderRow, language: Language) => ({
  orderId: o.public_id,
  userId: String(o.user_id),
  kind: o.kind,
  product: orderProductName(o, language),
  status: o.status,
  amountMinor: o.amount_minor,
  currency: o.currency,
  method: o.payment_method,
  provider: o.provider,
  createdAt: o.created_at,
  paidAt: o.paid_at,
  refundedAt: o.refunded_at,
});

/**
 * The console's orders: a page of orders newest first by id, user, state, provider and time,
 * and refunds through the order's refund (orders/lifecycle.ts: the provider returns the money,
 * membership and commissions are taken back by the order hooks), with the operator's reason
 * audited.
 */
export async function searchOrders(
  db: Db,
  filter: Omit<AdminRequestOf<'adminOrderSearch'>, 'page' | 'pageSize'>,
  page: { offset: number; limit: number },
  language: Language,
) {
  const { rows, ...total } = await searchOrderRows(
    db,
    {
      publicId: filter.orderId ? filter.orderId.trim() : undefined,
      // An id that is not a row id matches no order (0 is nobody's id; db/row-id.ts).
      userId: filter.userId ? rowId(filter.userId) : undefined,
      status: filter.status || undefined,
      provider: filter.provider || undefined,
      from: filter.from,
      to: filter.to,
    },
    page,
  );
  return { items: rows.map((o) => adminOrderRow(o, language)), ...total };
}

export async function orderRowById(db: Db, publicId: string, language: Language) {
  const order = await findOrder(db, { publicId });
  if (!order) throw new Refusal(ErrorCode.ORDER_NOT_FOUND);
  return adminOrderRow(order, language);
}

/** Refunds a paid order for an operator, the reason audited beside the refund's own rows. */
export async function refundForOperator(
  services: OrderServices,
  input: { orderId: string; reason: string },
  actor: Actor,
  now: number,
  language: Language,
) {
  const reason = validateReason(input.reason);
  if (reason === null) throw validationRefusal('text_required');
  const { refunded } = await refundOrder(services, input.orderId, actor, now);
  if (refunded)
    await writeAudit(services.db, {
      actor,
      action: 'order.refund_reason',
      subjectType: 'order',
      subjectId: input.orderId,
      data: { reason },
      at: now,
    });
  return { order: await orderRowById(services.db, input.orderId, language), refunded };
}

/**
 * Marks an unpaid order paid by hand (money that arrived outside the provider, a bank transfer):
 * the same transition and delivery as a provider's confirmation, with the reference audited.
 */
export async function markPaidForOperator(
  services: OrderServices,
  input: { orderId: string; reference: string },
  actor: Actor,
  now: number,
  language: Language,
) {
  const reference = validateReason(input.reference);
  if (reference === null) throw validationRefusal('text_required');
  await withLockedOrder(services, { publicId: input.orderId }, async (trx, order) => {
    const changed = await markOrderPaid({
      trx,
      services,
      order,
      now,
      actor,
      source: `manual:${reference}`,
    });
    if (!changed) throw new Refusal(ErrorCode.ORDER_NOT_PAYABLE);
  });
  return { order: await orderRowById(services.db, input.orderId, language) };
}

/** Cancels an unpaid order (it fails; its promo code use is released), the reason audited. */
export async function cancelForOperator(
  services: OrderServices,
  input: { orderId: string; reason: string },
  actor: Actor,
  now: number,
  language: Language,
) {
  const reason = validateReason(input.reason);
  if (reason === null) throw validationRefusal('text_required');
  await withLockedOrder(services, { publicId: input.orderId }, async (trx, order) => {
    if (order.status !== OrderStatus.PENDING) throw new Refusal(ErrorCode.ORDER_NOT_CANCELLABLE);
    await markOrderClosed(
      { trx, services, order, now, actor, source: `cancel:${reason}` },
      OrderStatus.FAILED,
    );
  });
  return { order: await orderRowById(services.db, input.orderId, language) };
}
