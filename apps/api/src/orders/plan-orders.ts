import type { ShopGroupType } from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { grantPlanTime, reverseCredit, type Credited } from '../membership/index.ts';
import type { OrderEvent, OrderKind, OrderRow } from './order-hooks.ts';
import { updateOrder } from './order-store.ts';

/**
 * Credits a paid order to its buyer's membership, inside the transaction that marks it paid,
 * and records what was credited on the order (so a refund can take exactly that back).
 */
export async function creditPaidOrder(
  trx: Db,
  dialect: DialectName,
  order: OrderRow,
  now: number,
  actor: Actor,
  conversionPercent?: number,
): Promise<Credited> {
  const credited = await grantPlanTime(
    trx,
    dialect,
    {
      userId: order.user_id,
      groupType: order.group_type as ShopGroupType,
      durationDays: order.duration_days,
      devicesAllowed: order.devices_allowed,
      upgrade: order.upgrade === 1,
      planId: order.plan_id,
      ...(conversionPercent === undefined ? {} : { conversionPercent }),
    },
    now,
  );
  await updateOrder(trx, order.id, {
    credited_standard_ms: credited.standardMs,
    credited_lite_ms: credited.liteMs,
    updated_at: now,
  });
  await writeAudit(trx, {
    actor,
    action: 'membership.credited',
    subjectType: 'user',
    subjectId: order.user_id,
    data: {
      orderId: order.public_id,
      before: credited.before,
      after: credited.after,
      standardMs: credited.standardMs,
      liteMs: credited.liteMs,
      convertedSeconds: credited.convertedSeconds,
      devicesAllowed: credited.devicesAllowed,
    },
    at: now,
  });
  return credited;
}

/** What a refunded order credited its buyer (recorded on the order when it was paid). */
export const creditOf = (
  order: Pick<OrderRow, 'user_id' | 'public_id' | 'credited_standard_ms' | 'credited_lite_ms'>,
) => ({
  userId: order.user_id,
  orderPublicId: order.public_id,
  standardMs: Number(order.credited_standard_ms),
  liteMs: Number(order.credited_lite_ms),
});

/** The 'plan' order kind (payment_purchase): membership credited when paid, taken back on refund. */
export function planOrders(conversionPercent: number): OrderKind {
  return {
    paid: async (e: OrderEvent) => {
      await creditPaidOrder(e.trx, e.dialect, e.order, e.now, e.actor, conversionPercent);
      return 'accepted';
    },
    refunded: async (e: OrderEvent) => {
      await reverseCredit(e.trx, e.dialect, creditOf(e.order), e.now, e.actor);
    },
  };
}
