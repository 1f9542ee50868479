import { expireGroupBuy, type RefundInstruction } from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import {
  notifyGroupExpired,
  orderIdsByPublicId,
  queueRefund,
  type OrderServices,
} from '../orders/index.ts';
import { type GroupRow, toDomainGroup } from './groups.ts';
import {
  claimGroupExpiry,
  dueGroupIds,
  groupById,
  lockGroupUsers,
  membersOfGroup,
  releasePendingShares,
} from './store.ts';

/**
 * Closes unfinished groups past their end time (the domain's unfilled-group rule): nobody gets
 * membership, every paid share is queued for refund to the payment it came from, held seats
 * are given up. A finished pay-all group never expires (its seats were paid for), so only
 * unfinished groups are looked at. Each group is claimed by a conditional update, the first
 * write of its transaction (on PostgreSQL after its users' locks, lockGroupUsers): with several
 * processes, or two runs at once, exactly one closes a group, and its refunds are queued once.
 * Returns how many groups this run closed.
 */
export async function expireDueGroups(
  services: OrderServices,
  now: number,
  batch = 100,
): Promise<number> {
  const { db } = services;
  const due = await dueGroupIds(db, now, batch);
  let closed = 0;
  for (const id of due) {
    const done = await db.transaction().execute(async (trx) => {
      // The refunds queued refer to members' orders and the notices to members: their users first.
      await lockGroupUsers(trx, services.dialect, { id });
      if (!(await claimGroupExpiry(trx, id, now))) return false;
      const group = await groupById(trx, id);
      const members = await membersOfGroup(trx, id);
      // The domain judges the group as it stood before this close.
      const expired = expireGroupBuy(
        toDomainGroup({ ...group, closed_at: null }, members, now),
        now,
      );
      if (!expired.ok)
        throw new Error(
          `group ${group.public_id} claimed for expiry but the domain says ${expired.error}`,
        );
      await settleClosedGroup(trx, group, expired.value.refunds, {
        actor: 'system',
        action: 'group.expired',
        now,
      });
      return true;
    });
    if (done) closed++;
  }
  return closed;
}

/**
 * What closing a group means once the domain decided it (expiry, or an operator's close), inside
 * the caller's transaction: every paid share queued for refund to the payment it came from, held
 * seats given up, and the audit row (with the refunds and any facts of the caller).
 */
export async function settleClosedGroup(
  trx: Db,
  group: GroupRow,
  refunds: readonly RefundInstruction[],
  entry: {
    actor: Actor;
    action: 'group.expired' | 'group.closed';
    now: number;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  const { actor, now } = entry;
  const orderIds = await orderIdsByPublicId(
    trx,
    refunds.map((r) => r.paymentId),
  );
  for (const refund of refunds) {
    const orderId = orderIds.get(refund.paymentId);
    if (orderId === undefined) throw new Error(`refund of unknown order ${refund.paymentId}`);
    await queueRefund(trx, {
      orderId,
      orderPublicId: refund.paymentId,
      groupId: group.id,
      groupPublicId: group.public_id,
      reason: refund.reason,
      actor,
      now,
    });
    // The member is told the group did not fill and the payment goes back (an operator's
    // closing is explained by support instead).
    if (entry.action === 'group.expired') {
      await notifyGroupExpired(trx, {
        group,
        refund: {
          userId: Number(refund.userId),
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          orderId: refund.paymentId,
        },
        now,
      });
    }
  }
  await releasePendingShares(trx, group.id, now);
  await writeAudit(trx, {
    actor,
    action: entry.action,
    subjectType: 'group',
    subjectId: group.public_id,
    data: {
      ...entry.data,
      paymentType: group.payment_type,
      refunds: refunds.map((r) => ({
        orderId: r.paymentId,
        userId: Number(r.userId),
        amountMinor: r.amountMinor,
        currency: r.currency,
        method: r.method,
      })),
    },
    at: now,
  });
}
