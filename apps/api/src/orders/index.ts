/**
 * The orders noun (docs/architecture.md, noun folders): orders and their lifecycle, checkout
 * through the payment providers (`providers/<provider>/`), the provider webhooks, refunds and
 * the refund queue, promo codes, the order hooks other nouns plug into, the console's order and
 * promo code calls and `pnpm ops orders` / `coupons`. What other folders may use of it.
 */
export { cancelOrder } from './cancel-order.ts';
export {
  checkoutOrigin,
  checkoutUrlOn,
  methodsFor,
  providerFor,
  withCheckout,
} from './checkout.ts';
export { adminOrderRow, refundForOperator } from './console-actions.ts';
export {
  adminOrderCancel,
  adminOrderMarkPaid,
  adminOrderRefund,
  adminOrderSearch,
} from './console-routes.ts';
export { coupon } from './coupon.ts';
export { markOrderPaid, newPublicOrderId, orderProductName } from './lifecycle.ts';
export {
  notifyApplicationDecided,
  notifyGroupExpired,
  notifyGroupFinished,
  notifyPayoutSent,
  receiptMailHook,
  refundMailHook,
} from './member-notices.ts';
export { ordersCommand, USAGE as ORDERS_USAGE } from './ops.ts';
export { OrderHooks } from './order-hooks.ts';
export type { OrderEvent, OrderHook, OrderKind, OrderRow, PaymentDecision } from './order-hooks.ts';
export { runPaymentJobs } from './order-jobs.ts';
export { orderHistory, orderStatus } from './order-queries.ts';
export { createOrders } from './order-services.ts';
export type { OrderServices } from './order-services.ts';
export {
  findOrder,
  hasEarlierPaidOrder,
  insertOrder,
  orderColumns,
  orderIdsByPublicId,
  ordersOfUser,
  paidRevenueByDay,
  payingUserCount,
} from './order-store.ts';
export { orderPaidWebhook, orderRefundedWebhook } from './order-webhooks.ts';
export { registerPaymentRoutes } from './payment-routes.ts';
export { creditOf, creditPaidOrder, planOrders } from './plan-orders.ts';
export { adminPromoCreate, adminPromoDisable, adminPromoList } from './promo-console-routes.ts';
export { couponsCommand, USAGE as COUPONS_USAGE } from './promo-ops.ts';
export {
  cryptoDetails,
  cryptoSubmit,
  senderWalletsOfUser,
} from './providers/crypto/crypto-payment.ts';
export { purchase } from './purchase.ts';
export {
  lateRefusedOrderIds,
  processDueRefunds,
  queueRefund,
  refundsOfGroup,
} from './refund-queue.ts';
