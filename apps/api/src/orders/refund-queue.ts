import { MS_PER_MINUTE, OrderStatus } from '@nimbus/domain';
import { paymentProviderFailed } from '../alerts/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { refundOrder } from './lifecycle.ts';
import { findOrder, orderColumns } from './order-store.ts';
import type { OrderServices } from './order-services.ts';

/**
 * The orders whose payment a group refused as late (queued for refund as `late_payment`), as a
 * subquery: they were never a purchase (what `hasEarlierPaidOrder` leaves out for the bonus).
 */
export const lateRefusedOrderIds = (db: Db) =>
  db.selectFrom('group_buy_refunds').select('order_id').where('reason', '=', 'late_payment');

export type RefundReason = 'group_expired' | 'group_closed' | 'late_payment';

/** A claim older than this belongs to a process that died mid-refund: another may take it over. */
export const REFUND_CLAIM_STALE_MS = 10 * MS_PER_MINUTE;

/**
 * Queues a payment for refund, inside the transaction that decided it (an expired group, a
 * payment the group refused). Money moves only through the provider, outside any transaction,
 * so the decision is recorded here and carried out by processDueRefunds; the order id is the
 * key, so a payment is queued once however often the decision repeats.
 */
export async function queueRefund(
  trx: Db,
  input: {
    orderId: number;
    orderPublicId: string;
    groupId: number;
    groupPublicId: string;
    reason: RefundReason;
    detail?: string;
    actor: Actor;
    now: number;
  },
): Promise<boolean> {
  const queued = await trx
    .insertInto('group_buy_refunds')
    .values({
      order_id: input.orderId,
      group_id: input.groupId,
      reason: input.reason,
      status: 'due',
      claimed_at: null,
      done_at: null,
      last_error: null,
      created_at: input.now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  const added = Number(queued.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) {
    await writeAudit(trx, {
      actor: input.actor,
      action: 'group.refund_queued',
      subjectType: 'order',
      subjectId: input.orderPublicId,
      data: {
        groupId: input.groupPublicId,
        reason: input.reason,
        ...(input.detail ? { detail: input.detail } : {}),
      },
      at: input.now,
    });
  }
  return added;
}

/** Whether an order's payment was refused by its group and waits for (or got) its refund. */
export async function isQueuedForRefund(db: Db, orderId: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('group_buy_refunds')
      .select('order_id')
      .where('order_id', '=', orderId)
      .executeTakeFirst()) !== undefined
  );
}

/**
 * Carries out queued refunds through the provider and `refundOrder` (which marks
 * the order refunded, takes back what it delivered and runs the refund hooks, audited). Each row
 * is claimed by a conditional update first, so with several processes (or two runs at once)
 * exactly one refunds a payment; a failure puts the row back for the next run. Returns how many
 * payments were refunded now.
 */
export async function processDueRefunds(
  services: OrderServices,
  now: number,
  batch = 100,
): Promise<number> {
  const { db } = services;
  const stale = now - REFUND_CLAIM_STALE_MS;
  const due = await db
    .selectFrom('group_buy_refunds')
    .select('order_id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'due'),
        eb.and([eb('status', '=', 'processing'), eb('claimed_at', '<=', stale)]),
      ]),
    )
    .orderBy('created_at')
    .limit(batch)
    .execute();
  let refunded = 0;
  for (const { order_id: orderId } of due) {
    const claim = await db
      .updateTable('group_buy_refunds')
      .set((eb) => ({ status: 'processing', claimed_at: now, attempts: eb('attempts', '+', 1) }))
      .where('order_id', '=', orderId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'due'),
          eb.and([eb('status', '=', 'processing'), eb('claimed_at', '<=', stale)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) continue;
    try {
      const order = await findOrder(db, { id: orderId });
      if (!order) throw new Error(`no order ${orderId}`);
      // Refunded already (by an operator, or a provider event): nothing left to return.
      if (order.status === OrderStatus.PAID) {
        const result = await refundOrder(services, order.public_id, 'system', now);
        if (result.refunded) refunded++;
      }
      await db
        .updateTable('group_buy_refunds')
        .set({ status: 'done', done_at: now, last_error: null })
        .where('order_id', '=', orderId)
        .execute();
    } catch (error) {
      const order = await findOrder(db, { id: orderId });
      if (order)
        await paymentProviderFailed(services, {
          provider: order.provider,
          error,
          orderId: order.public_id,
          now,
        }).catch(() => false);
      await db
        .updateTable('group_buy_refunds')
        .set({
          status: 'due',
          claimed_at: null,
          last_error: error instanceof Error ? error.message : String(error),
        })
        .where('order_id', '=', orderId)
        .execute();
    }
  }
  return refunded;
}

/** A group's queued refunds with their orders' public ids, oldest first (the console's group). */
export async function refundsOfGroup(db: Db, groupId: number) {
  return db
    .selectFrom('group_buy_refunds as r')
    .innerJoin(orderColumns(db, ['id', 'public_id']).as('o'), 'o.id', 'r.order_id')
    .select(['o.public_id', 'r.reason', 'r.status', 'r.created_at', 'r.done_at'])
    .where('r.group_id', '=', groupId)
    .orderBy('r.created_at')
    .orderBy('r.order_id')
    .execute();
}
