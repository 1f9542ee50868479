import { PAYMENT_NOT_DETECTED_MINUTES_DEFAULT } from './constants.ts';
import { minutesToMs } from './duration.ts';
import { OrderStatus } from './enums.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Allowed order transitions. A payment may still be confirmed after an order was marked failed,
 * expired or cancelled by its buyer (a slow card network, a late on-chain confirmation): the user paid, so it counts.
 * Only a paid order can be refunded. Nothing leaves `refunded`.
 */
const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: [OrderStatus.PAID, OrderStatus.FAILED, OrderStatus.EXPIRED, OrderStatus.CANCELLED],
  failed: [OrderStatus.PAID],
  expired: [OrderStatus.PAID],
  cancelled: [OrderStatus.PAID],
  paid: [OrderStatus.REFUNDED],
  refunded: [],
};

/**
 * Moves an order to a new status. Asking for the status it already has is a no-op success, so a
 * repeated webhook changes nothing; `changed` tells the caller whether to act (grant, refund...).
 */
export function transitionOrder(
  current: OrderStatus,
  next: OrderStatus,
): Result<{ readonly status: OrderStatus; readonly changed: boolean }, 'invalid_transition'> {
  if (current === next) return ok({ status: current, changed: false });
  return NEXT[current].includes(next)
    ? ok({ status: next, changed: true })
    : err('invalid_transition');
}

/** What the payment-result dialog shows. */
export const PaymentDialogState = {
  SUCCESS: 'success',
  FAILURE: 'failure',
  WAITING: 'waiting',
  NOT_DETECTED: 'not_detected',
  REFUNDED: 'refunded',
} as const;
export type PaymentDialogState = (typeof PaymentDialogState)[keyof typeof PaymentDialogState];

/**
 * "Payment not detected": the order is still pending after `thresholdMinutes` (default 15), so the
 * user is told to contact support instead of being left waiting.
 */
export function isPaymentNotDetected(
  order: { readonly status: OrderStatus; readonly createdAt: number },
  now: number,
  thresholdMinutes: number = PAYMENT_NOT_DETECTED_MINUTES_DEFAULT,
): boolean {
  return (
    order.status === OrderStatus.PENDING && now - order.createdAt > minutesToMs(thresholdMinutes)
  );
}

/** The dialog state of an order: paid is success, failed or expired is failure, pending waits. */
export function paymentDialogState(
  order: { readonly status: OrderStatus; readonly createdAt: number },
  now: number,
  thresholdMinutes: number = PAYMENT_NOT_DETECTED_MINUTES_DEFAULT,
): PaymentDialogState {
  switch (order.status) {
    case OrderStatus.PAID:
      return PaymentDialogState.SUCCESS;
    case OrderStatus.FAILED:
    case OrderStatus.EXPIRED:
    case OrderStatus.CANCELLED:
      return PaymentDialogState.FAILURE;
    case OrderStatus.REFUNDED:
      return PaymentDialogState.REFUNDED;
    case OrderStatus.PENDING:
      return isPaymentNotDetected(order, now, thresholdMinutes)
        ? PaymentDialogState.NOT_DETECTED
        : PaymentDialogState.WAITING;
  }
}

/** Whether the buyer may cancel an order: only while it waits for payment. */
export function canCancelOrder(order: { readonly status: OrderStatus }): boolean {
  return (
    transitionOrder(order.status, OrderStatus.CANCELLED).ok &&
    order.status !== OrderStatus.CANCELLED
  );
}
