import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { canCancelOrder, OrderStatus } from '@nimbus/domain';
import { userActor } from '../audit/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { findOwnOrder, markOrderClosed } from './lifecycle.ts';
import { closeCheckouts } from './checkout.ts';
import { lockOrder } from './order-store.ts';
import { refuseWhileCheckoutOpen } from './promo-checkout.ts';
import type { OrderServices } from './order-services.ts';

// POST /api/payment/payment_cancel_order
/**
 * The buyer cancels an order that waits for payment: it is closed as cancelled and its promo
 * code use released at once (others may take it). A plan purchase only: a group's order holds a
 * seat the group's own rules release. A payment that still arrives (paid at the provider before
 * the cancel) is taken and credited as for an expired order. The provider's checkout is closed
 * where the provider can (closeCheckouts). A promo order waiting at a checkout the provider
 * cannot close (EPay) is not cancelled while it holds the code's use (PROMO_CHECKOUT_OPEN).
 */
export async function cancelOrder(
  input: RequestOf<'paymentCancelOrder'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentCancelOrder'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  const found = await findOwnOrder(services.db, userId, input.orderId);
  if (found.kind !== 'plan') throw new Refusal(ErrorCode.ORDER_NOT_CANCELLABLE);
  const cancelled = await services.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, services.dialect, { id: found.id });
    if (!order || !canCancelOrder({ status: order.status as OrderStatus }))
      throw new Refusal(ErrorCode.ORDER_NOT_CANCELLABLE);
    // An EPay page holding a promo use stays payable: cancelling it would free the code twice.
    refuseWhileCheckoutOpen(services, order, now);
    await markOrderClosed(
      { trx, services, order, now, actor: userActor(userId), source: 'buyer' },
      OrderStatus.CANCELLED,
    );
    return order;
  });
  await closeCheckouts(services, [cancelled], ctx.request.log);
  return { orderId: found.public_id, status: OrderStatus.CANCELLED };
}
