import {
  GroupBuyPaymentType,
  GroupBuyStatus,
  joinGroup,
  payGroupAsCreator,
  type GroupPayment,
} from '@nimbus/domain';
import { writeAudit } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import {
  creditOf,
  creditPaidOrder,
  findOrder,
  notifyGroupFinished,
  queueRefund,
  type OrderEvent,
  type OrderKind,
  type OrderRow,
  type PaymentDecision,
} from '../orders/index.ts';
import { reverseCredit } from '../membership/index.ts';
import {
  freeSeat,
  GROUP_CREATOR_ORDER,
  groupBuyService,
  type GroupRow,
  MemberRole,
  type MemberRow,
  MemberStatus,
  toDomainGroup,
} from './groups.ts';
import {
  groupIdOfOrder,
  groupOfOrder,
  groupUserIds,
  insertMember,
  lockGroup,
  markGroupFinished,
  membersOfGroup,
  releaseLapsedHolds,
  updateMember,
} from './store.ts';

const paymentOf = (order: OrderRow, now: number): GroupPayment => ({
  paymentId: order.public_id,
  method: order.payment_method,
  amountMinor: order.amount_minor,
  currency: order.currency,
  paidAt: now,
});

async function lockedGroupOf(trx: Db, order: OrderRow, now: number): Promise<GroupRow> {
  const groupId = await groupIdOfOrder(trx, order.id);
  if (groupId === undefined) throw new Error(`order ${order.public_id} is not a group order`);
  return lockGroup(trx, { id: groupId }, now);
}

/** The domain refused a payment that went through: the seat is given up and the money goes back. */
async function refuse(
  e: OrderEvent,
  group: GroupRow,
  mine: MemberRow | undefined,
  reason: string,
): Promise<PaymentDecision> {
  const { trx, order, now, actor } = e;
  if (
    mine &&
    mine.role === MemberRole.MEMBER &&
    mine.order_id === order.id &&
    mine.status === MemberStatus.PENDING
  ) {
    await updateMember(trx, group.id, order.user_id, {
      status: MemberStatus.RELEASED,
      seat: null,
      hold_until: null,
      updated_at: now,
    });
  }
  await writeAudit(trx, {
    actor,
    action: 'group.payment_refused',
    subjectType: 'group',
    subjectId: group.public_id,
    data: {
      orderId: order.public_id,
      userId: order.user_id,
      reason,
      amountMinor: order.amount_minor,
      currency: order.currency,
    },
    at: now,
  });
  await queueRefund(trx, {
    orderId: order.id,
    orderPublicId: order.public_id,
    groupId: group.id,
    groupPublicId: group.public_id,
    reason: 'late_payment',
    detail: reason,
    actor,
    now,
  });
  return 'refused';
}

/** The group is full and every seat paid: each member's own order credits their membership. */
async function creditEveryone(
  e: OrderEvent,
  group: GroupRow,
  members: readonly { user_id: number; order_id: number | null }[],
): Promise<void> {
  const { trx, dialect, order, now, actor } = e;
  for (const member of members) {
    if (member.order_id === null) continue;
    const paid =
      member.order_id === order.id ? order : await findOrder(trx, { id: member.order_id });
    if (!paid) throw new Error(`no order ${member.order_id}`);
    await creditPaidOrder(
      trx,
      dialect,
      paid,
      now,
      actor,
      e.config.payments.upgradeConversionPercent,
    );
  }
  await markGroupFinished(trx, group.id, now);
  await writeAudit(trx, {
    actor,
    action: 'group.finished',
    subjectType: 'group',
    subjectId: group.public_id,
    data: { members: members.map((m) => m.user_id), paymentType: group.payment_type },
    at: now,
  });
  await notifyGroupFinished(trx, {
    group,
    userIds: members.map((m) => m.user_id),
    publicUrl: e.config.publicUrl,
    now,
  });
}

/**
 * The creator's order was paid. Pay-all: the group is finished and the creator gets the
 * membership now. Pay-self: the share opens the group to friends. A payment the domain refuses
 * (the group ended before it arrived) is queued for refund.
 */
async function creatorPaid(e: OrderEvent): Promise<PaymentDecision> {
  const { trx, order, now, actor } = e;
  const group = await lockedGroupOf(trx, order, now);
  const members = await membersOfGroup(trx, group.id);
  const step = payGroupAsCreator(toDomainGroup(group, members, now), paymentOf(order, now), now);
  if (!step.ok) return refuse(e, group, undefined, step.error);
  await updateMember(trx, group.id, order.user_id, {
    status: MemberStatus.JOINED,
    paid_at: now,
    order_id: order.id,
    updated_at: now,
  });
  await writeAudit(trx, {
    actor,
    action: 'group.creator_paid',
    subjectType: 'group',
    subjectId: group.public_id,
    data: { orderId: order.public_id, amountMinor: order.amount_minor, currency: order.currency },
    at: now,
  });
  if (step.value.group.status === GroupBuyStatus.FINISHED)
    await creditEveryone(e, group, [{ user_id: order.user_id, order_id: order.id }]);
  return 'accepted';
}

/**
 * A friend's share was paid. The domain decides with the seats held by others at this moment:
 * the friend becomes a paid member, and when that fills the group with paid seats, everyone's
 * membership is credited together. A refused payment (the seat lapsed and was taken, the group
 * ended or the service was switched off) is queued for refund.
 */
async function sharePaid(e: OrderEvent): Promise<PaymentDecision> {
  const { trx, order, now, actor } = e;
  const group = await lockedGroupOf(trx, order, now);
  const members = await releaseLapsedHolds(
    trx,
    group,
    await membersOfGroup(trx, group.id),
    now,
    order.user_id,
  );
  const mine = members.find((m) => m.user_id === order.user_id);
  const others = members.filter((m) => m.user_id !== order.user_id);
  // A second paid order for a seat already paid (a new attempt after an earlier one went through).
  if (mine && mine.status === MemberStatus.JOINED && mine.order_id !== order.id)
    return refuse(e, group, undefined, 'already_joined');
  const step = joinGroup(
    toDomainGroup(group, others, now),
    { userId: String(order.user_id), payment: paymentOf(order, now) },
    groupBuyService(await e.settings.site(e.trx)),
    now,
  );
  if (!step.ok) return refuse(e, group, mine, step.error);

  const seat = mine?.seat ?? freeSeat(group, others);
  const values = {
    status: MemberStatus.JOINED,
    seat,
    order_id: order.id,
    hold_until: null,
    paid_at: now,
    updated_at: now,
  };
  if (mine) {
    await updateMember(trx, group.id, order.user_id, values);
  } else {
    await insertMember(trx, {
      ...values,
      group_id: group.id,
      user_id: order.user_id,
      role: MemberRole.MEMBER,
      joined_at: now,
    });
  }
  await writeAudit(trx, {
    actor,
    action: 'group.share_paid',
    subjectType: 'group',
    subjectId: group.public_id,
    data: {
      orderId: order.public_id,
      userId: order.user_id,
      seat,
      amountMinor: order.amount_minor,
      currency: order.currency,
    },
    at: now,
  });
  if (step.value.group.status === GroupBuyStatus.FINISHED) {
    const paid = others
      .filter((m) => m.status === MemberStatus.JOINED)
      .map((m) => ({ user_id: m.user_id, order_id: m.order_id }));
    await creditEveryone(e, group, [...paid, { user_id: order.user_id, order_id: order.id }]);
  }
  return 'accepted';
}

/**
 * A group order was refunded (expired group, refused payment, or an operator's refund): the
 * membership it credited is taken back (nothing, when the group never finished), and its seat
 * is given up while the group still runs. Refunding a pay-all creator's order also takes back
 * the friends' seats' membership, which that order paid for.
 */
async function orderRefunded(e: OrderEvent): Promise<void> {
  const { trx, dialect, order, now, actor } = e;
  const groupId = await groupIdOfOrder(trx, order.id);
  if (groupId === undefined) return;
  const group = await lockGroup(trx, { id: groupId }, now);
  if (Number(order.credited_standard_ms) !== 0 || Number(order.credited_lite_ms) !== 0)
    await reverseCredit(trx, dialect, creditOf(order), now, actor);
  const members = await membersOfGroup(trx, group.id);
  const mine = members.find((m) => m.user_id === order.user_id && m.order_id === order.id);
  const running = group.status === GroupBuyStatus.UNFINISHED && group.closed_at === null;
  if (mine && mine.status === MemberStatus.JOINED) {
    const release = running && mine.role === MemberRole.MEMBER;
    await updateMember(trx, group.id, order.user_id, {
      status: release ? MemberStatus.RELEASED : MemberStatus.REFUNDED,
      ...(release ? { seat: null } : {}),
      updated_at: now,
    });
  }
  if (order.kind === GROUP_CREATOR_ORDER && group.payment_type === GroupBuyPaymentType.PAY_ALL) {
    for (const friend of members.filter(
      (m) =>
        m.role === MemberRole.MEMBER && (m.credited_standard_ms !== 0 || m.credited_lite_ms !== 0),
    )) {
      await reverseCredit(
        trx,
        dialect,
        {
          userId: friend.user_id,
          orderPublicId: order.public_id,
          standardMs: friend.credited_standard_ms,
          liteMs: friend.credited_lite_ms,
        },
        now,
        actor,
      );
      await updateMember(trx, group.id, friend.user_id, {
        status: MemberStatus.REFUNDED,
        credited_standard_ms: 0,
        credited_lite_ms: 0,
        updated_at: now,
      });
    }
  }
  await writeAudit(trx, {
    actor,
    action: 'group.order_refunded',
    subjectType: 'group',
    subjectId: group.public_id,
    data: { orderId: order.public_id, userId: order.user_id, kind: order.kind },
    at: now,
  });
}

const kind = (paid: (e: OrderEvent) => Promise<PaymentDecision>): OrderKind => ({
  paid,
  refunded: orderRefunded,
  // A payment that fills the group credits every member; a pay-all creator's refund takes back
  // the friends' time: the order's lock comes after all of theirs (lockOrder).
  party: (db, order) => groupUserIds(db, { orderId: order.id }),
  groupOf: async (db, order) => (await groupOfOrder(db, order.id))?.public_id,
});

/** The creator's order of a group (`group_creator`): opens or, paid for everyone, fills it. */
export const groupCreatorOrders = kind(creatorPaid);
/** A friend's share of a pay-self group (`group_share`): a paid seat, all credited when full. */
export const groupShareOrders = kind(sharePaid);
