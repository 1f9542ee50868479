import { queueWebhookEvent } from '../webhooks/index.ts';
import type { OrderEvent, OrderRow } from './order-hooks.ts';

const orderData = (order: OrderRow) => ({
  orderId: order.public_id,
  userId: String(order.user_id),
  kind: order.kind,
  planId: String(order.plan_id),
  durationDays: order.duration_days,
  amountMinor: order.amount_minor,
  currency: order.currency,
  provider: order.provider,
  paidAt: order.paid_at,
});

/** order.paid for the webhooks that want it, in the transaction that credits the payment. */
export async function orderPaidWebhook(event: OrderEvent): Promise<void> {
  await queueWebhookEvent(event.trx, {
    type: 'order.paid',
    data: orderData(event.order),
    now: event.now,
  });
}

/** order.refunded, in the transaction that takes the order back. */
export async function orderRefundedWebhook(event: OrderEvent): Promise<void> {
  await queueWebhookEvent(event.trx, {
    type: 'order.refunded',
    data: { ...orderData(event.order), refundedAt: event.now },
    now: event.now,
  });
}
