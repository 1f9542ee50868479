import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_MINUTE, type OrderStatus, promoOrderReplaceable } from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import type { OrderRow } from './order-hooks.ts';
import type { OrderServices } from './order-services.ts';

/**
 * Refuses to close an unpaid promo order whose checkout its provider cannot close (EPay) while it
 * still holds the code's use (domain `promoOrderReplaceable`): the gateway's page would keep
 * taking a payment, and the code could be used twice (issue #30 item 8). Replacing it by a new
 * order with the code and cancelling it are both refused with PROMO_CHECKOUT_OPEN, naming the
 * order and the minutes until it expires.
 */
export function refuseWhileCheckoutOpen(
  services: Pick<OrderServices, 'orders'>,
  order: OrderRow,
  now: number,
): void {
  if (order.promo_code_id === null) return;
  const replaceable = promoOrderReplaceable(
    {
      status: order.status as OrderStatus,
      expiresAt: order.expires_at,
      checkoutClosable:
        order.checkout_url === null ||
        services.orders.providers.get(order.provider)?.checkoutStaysOpen !== true,
    },
    now,
  );
  if (!replaceable)
    throw new Refusal(ErrorCode.PROMO_CHECKOUT_OPEN, {
      vars: {
        orderId: order.public_id,
        minutes: Math.max(1, Math.ceil((order.expires_at - now) / MS_PER_MINUTE)),
      },
    });
}
