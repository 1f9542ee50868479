import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { canCancelOrder, isPaymentNotDetected, OrderStatus, pageRequest } from '@nimbus/domain';
import { checkoutOrigin, checkoutUrlOn } from './checkout.ts';
import { recheckCryptoOrder } from './providers/crypto/crypto-payment.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { findOwnOrder, markOrderClosed, orderProductName } from './lifecycle.ts';
import { lockOrder, ordersOfUser } from './order-store.ts';
import { orderCountOf } from '../accounts/index.ts';
import type { OrderServices } from './order-services.ts';

type Status = ResponseOf<'paymentOrderStatus'>['status'];

// POST /api/payment/payment_order
/** payment_order: the caller's order history, newest first, one page. */
export async function orderHistory(
  input: RequestOf<'paymentOrder'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentOrder'>> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  const origin = checkoutOrigin(ctx);
  // The total is the user's kept order count (users.order_count), not counted per call.
  const [rows, total] = await Promise.all([
    ordersOfUser(db, userId, page),
    orderCountOf(db, userId),
  ]);
  return {
    items: rows.map((o) => ({
      orderId: o.public_id,
      createdAt: o.created_at,
      productName: orderProductName(o, ctx.language),
      amount: { amountMinor: o.amount_minor, currency: o.currency },
      status: o.status as Status,
      paymentMethod:
        o.payment_method as ResponseOf<'paymentOrder'>['items'][number]['paymentMethod'],
      // Resumable at the provider's checkout until its window closes (crypto: start again).
      resumeUrl:
        o.status === OrderStatus.PENDING && o.expires_at > ctx.now
          ? checkoutUrlOn(ctx.services, o.checkout_url, origin)
          : null,
      cancellable: o.kind === 'plan' && canCancelOrder({ status: o.status as OrderStatus }),
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

// POST /api/payment/payment_order_status
/**
 * payment_order_status: where an order stands for the payment-result dialog. An order past its
 * expiry is closed here rather than waiting for the job; a pending one past the threshold is
 * "payment not detected" (contact support).
 */
export async function orderStatus(
  input: RequestOf<'paymentOrderStatus'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentOrderStatus'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  let order = await findOwnOrder(services.db, userId, input.orderId);
  const rechecked = await recheckCryptoOrder(services, order, now).catch(() => undefined);
  if (rechecked !== undefined && rechecked !== order.status)
    order = await findOwnOrder(services.db, userId, input.orderId);
  if (order.status === OrderStatus.PENDING && order.expires_at <= now) {
    order = await services.db.transaction().execute(async (trx) => {
      const locked = await lockOrder(trx, services.dialect, { id: order.id });
      if (!locked) return order;
      const closed = await markOrderClosed(
        { trx, services, order: locked, now, actor: 'system', source: 'expiry' },
        OrderStatus.EXPIRED,
      );
      return closed ? { ...locked, status: OrderStatus.EXPIRED } : locked;
    });
  }
  const status = order.status as Status;
  return {
    orderId: order.public_id,
    status,
    paidAt: order.paid_at,
    productName: orderProductName(order, ctx.language),
    amount: { amountMinor: order.amount_minor, currency: order.currency },
    groupId: await services.orders.hooks.groupOf(services.db, order),
    paymentNotDetected: isPaymentNotDetected(
      { status, createdAt: order.created_at },
      now,
      services.config.payments.paymentNotDetectedMinutes,
    ),
  };
}
