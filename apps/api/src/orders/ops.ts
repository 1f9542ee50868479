import { ErrorCode } from '@nimbus/api-sdk/contract';
import { Refusal } from '../errors/refusal.ts';
import { orderProductName, refundOrder } from './lifecycle.ts';
import { findOrder } from './order-store.ts';
import type { OrderServices } from './order-services.ts';
import {
  onePositional,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  type OpsCommand,
} from '../cli/ops-context.ts';
import { date, fields, money } from '../cli/output.ts';

export const USAGE = 'pnpm ops orders refund <orderId>';

/**
 * orders refund: returns a paid order's money through its provider and takes back what it
 * delivered (orders/lifecycle.ts refundOrder: membership, referral and KOL clawbacks, group seats),
 * audited under the operator's name. Refunding twice changes nothing.
 */
export const ordersCommand: OpsCommand<OrderServices> = async (args, ctx) => {
  const [sub, ...rest] = args;
  const { positionals } = parseFlags(rest, {}, USAGE);
  if (sub !== 'refund') throw new OpsUsageError(`usage: ${USAGE}`);
  const orderId = onePositional(positionals, 'order id', USAGE);
  const { db } = ctx.services;
  let refunded: boolean;
  try {
    ({ refunded } = await refundOrder(ctx.services, orderId, ctx.actor, ctx.now));
  } catch (error) {
    if (error instanceof Refusal && error.is(ErrorCode.ORDER_NOT_FOUND))
      throw new OpsRefusal(`no order ${orderId}`);
    if (error instanceof Refusal && error.is(ErrorCode.REFUND_NOT_ALLOWED)) {
      const order = await findOrder(db, { publicId: orderId });
      throw new OpsRefusal(
        `order ${orderId} is ${order?.status ?? 'unknown'}: only a paid order can be refunded`,
      );
    }
    throw error;
  }
  const order = await findOrder(db, { publicId: orderId });
  if (!order) throw new OpsRefusal(`no order ${orderId}`);
  const manual =
    order.provider === 'crypto'
      ? ' (crypto: send the money back by hand, to the wallet it came from)'
      : '';
  return {
    text: `${refunded ? 'refunded' : 'already refunded'}${manual}\n${fields([
      ['order', order.public_id],
      ['user', order.user_id],
      ['product', orderProductName(order, 'en')],
      ['amount', money(order.amount_minor, order.currency)],
      ['provider', order.provider],
      ['paid', date(order.paid_at)],
      ['refunded', date(order.refunded_at)],
    ])}`,
    json: {
      orderId: order.public_id,
      refunded,
      status: order.status,
      amountMinor: order.amount_minor,
      currency: order.currency,
      provider: order.provider,
      refundedAt: order.refunded_at,
    },
  };
};
