import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import {
  checkJoinGroup,
  groupJoinAmountMinor,
  joinGroup,
  minutesToMs,
  OrderStatus,
  type ShopGroupType,
} from '@nimbus/domain';
import { userActor, writeAudit, type Actor } from '../audit/index.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { grantPlanTime } from '../membership/index.ts';
import {
  checkoutOrigin,
  findOrder,
  providerFor,
  type OrderRow,
  type OrderServices,
} from '../orders/index.ts';
import {
  completeIfFree,
  groupOrderAnswer,
  insertGroupOrder,
  repeatedGroupOrder,
} from './group-orders.ts';
import {
  freeSeat,
  GROUP_SHARE_ORDER,
  groupBuyService,
  groupRefusal,
  type GroupRow,
  holdsSeat,
  MemberRole,
  type MemberRow,
  MemberStatus,
  toDomainGroup,
} from './groups.ts';
import { groupViews } from './group-view.ts';
import {
  groupCurrency,
  insertMember,
  lockGroup,
  lockGroupUsers,
  membersOfGroup,
  releaseLapsedHolds,
  seatStatus,
  updateMember,
} from './store.ts';

/**
 * A unique key refused a seat row: two requests of one user raced (already joined), or, where
 * the lock could not serialise them, two users raced for one seat (full). Either way the group
 * never holds more rows than seats.
 */
async function raceRefusal(db: Db, groupId: string, userId: number): Promise<Refusal> {
  const status = await seatStatus(db, groupId, userId);
  return new Refusal(
    status !== undefined && status !== MemberStatus.RELEASED
      ? ErrorCode.GROUP_ALREADY_JOINED
      : ErrorCode.GROUP_FULL,
  );
}

/** Writes a seat row for a user (a new one, or the row of an earlier seat that was released). */
async function takeSeat(
  trx: Db,
  group: GroupRow,
  mine: MemberRow | undefined,
  values: {
    userId: number;
    status: string;
    seat: number;
    orderId: number | null;
    holdUntil: number | null;
    paidAt: number | null;
    creditedStandardMs?: number;
    creditedLiteMs?: number;
  },
  now: number,
): Promise<void> {
  const row = {
    status: values.status,
    seat: values.seat,
    order_id: values.orderId,
    hold_until: values.holdUntil,
    joined_at: now,
    paid_at: values.paidAt,
    credited_standard_ms: values.creditedStandardMs ?? 0,
    credited_lite_ms: values.creditedLiteMs ?? 0,
    updated_at: now,
  };
  if (mine) {
    await updateMember(trx, group.id, values.userId, row);
  } else {
    await insertMember(trx, {
      ...row,
      group_id: group.id,
      user_id: values.userId,
      role: MemberRole.MEMBER,
    });
  }
}

/**
 * The plan's membership for a friend of a pay-all group, recorded on the seat for a later reversal.
 */
export async function grantSeatMembership(
  trx: Db,
  dialect: DialectName,
  group: GroupRow,
  userId: number,
  actor: Actor,
  now: number,
) {
  const credited = await grantPlanTime(
    trx,
    dialect,
    {
      userId,
      groupType: group.group_type as ShopGroupType,
      durationDays: group.duration_days,
      devicesAllowed: group.devices_allowed,
      upgrade: false,
      planId: group.plan_id,
    },
    now,
  );
  await writeAudit(trx, {
    actor,
    action: 'membership.credited',
    subjectType: 'user',
    subjectId: userId,
    data: {
      groupId: group.public_id,
      before: credited.before,
      after: credited.after,
      standardMs: credited.standardMs,
      liteMs: credited.liteMs,
      devicesAllowed: credited.devicesAllowed,
    },
    at: now,
  });
  return credited;
}

// POST /api/payment/payment_joint_join
/**
 * payment_joint_join: a friend claims a seat of a pay-all group whose creator paid, and gets
 * the plan's membership at once, in one transaction with the group locked: of any number of
 * concurrent joins only as many as there are free seats succeed.
 */
export async function joinGroupFree(
  input: RequestOf<'paymentJointJoin'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentJointJoin'>> {
  const { services, now, language } = ctx;
  const { userId } = callerOf(ctx);
  const actor = userActor(userId);
  let group: GroupRow;
  try {
    group = await services.db.transaction().execute(async (trx) => {
      await lockGroupUsers(trx, services.dialect, { publicId: input.groupId }, [userId]);
      const locked = await lockGroup(trx, { publicId: input.groupId }, now);
      const members = await releaseLapsedHolds(
        trx,
        locked,
        await membersOfGroup(trx, locked.id),
        now,
      );
      const joined = joinGroup(
        toDomainGroup(locked, members, now),
        { userId: String(userId), payment: null },
        groupBuyService(await services.settings.site(trx)),
        now,
      );
      if (!joined.ok) {
        // Without a payment there is no amount to mismatch.
        if (joined.error === 'payment_amount_mismatch')
          throw new Error('a free join cannot mismatch a payment');
        throw groupRefusal(joined.error);
      }
      const mine = members.find((m) => m.user_id === userId);
      const seat = freeSeat(locked, members);
      let credited = { standardMs: 0, liteMs: 0 };
      if (joined.value.membershipGrants.includes(String(userId)))
        credited = await grantSeatMembership(trx, services.dialect, locked, userId, actor, now);
      await takeSeat(
        trx,
        locked,
        mine,
        {
          userId,
          status: MemberStatus.JOINED,
          seat,
          orderId: null,
          holdUntil: null,
          paidAt: null,
          creditedStandardMs: credited.standardMs,
          creditedLiteMs: credited.liteMs,
        },
        now,
      );
      await writeAudit(trx, {
        actor,
        action: 'group.joined',
        subjectType: 'group',
        subjectId: locked.public_id,
        data: { userId, seat, paid: false, membership: credited.standardMs + credited.liteMs > 0 },
        at: now,
      });
      return locked;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await raceRefusal(services.db, input.groupId, userId);
    throw error;
  }
  const [view] = await groupViews(services.db, [group], userId, language, now);
  if (!view) throw new Error('group view missing');
  return view;
}

// POST /api/payment/payment_joint_join_for_pay
/**
 * payment_joint_join_for_pay: a friend takes a seat of a pay-self group and gets the order for
 * one share. The seat is held while the share is unpaid (GROUP_BUY_SEAT_HOLD_MINUTES), so of any
 * number of concurrent joins only as many get an order as there are seats: nobody is charged for
 * a seat that does not exist. Paying the order makes the friend a paid member; when every seat
 * is paid, everyone gets the membership (hooks.ts).
 */
export async function joinGroupForPay(
  input: RequestOf<'paymentJointJoinForPay'>,
  ctx: CallContext<OrderServices>,
): Promise<ResponseOf<'paymentJointJoinForPay'>> {
  const { services, now, language } = ctx;
  const { userId } = callerOf(ctx);
  const repeated = await repeatedGroupOrder(services, userId, input.idempotencyKey, {
    kind: GROUP_SHARE_ORDER,
    groupId: input.groupId,
  });
  if (repeated)
    return groupOrderAnswer(
      services,
      repeated.order,
      repeated.group,
      userId,
      language,
      now,
      checkoutOrigin(ctx),
    );
  // The group's currency decides which providers can charge the share (an EPay gateway one).
  const currency = await groupCurrency(services.db, input.groupId);
  const provider = await providerFor(services, input.paymentMethod, currency);

  try {
    const { order, group } = await services.db
      .transaction()
      .execute(async (trx): Promise<{ order: OrderRow; group: GroupRow }> => {
        // The joiner's order count and, a free share filling the group, every member's membership.
        await lockGroupUsers(trx, services.dialect, { publicId: input.groupId }, [userId]);
        const locked = await lockGroup(trx, { publicId: input.groupId }, now);
        const members = await releaseLapsedHolds(
          trx,
          locked,
          await membersOfGroup(trx, locked.id),
          now,
        );
        const mine = members.find((m) => m.user_id === userId);
        // Asked again while the seat is held: the same order (the first key's), not a second seat.
        if (
          mine &&
          mine.role === MemberRole.MEMBER &&
          mine.status === MemberStatus.PENDING &&
          holdsSeat(mine, now) &&
          mine.order_id !== null
        ) {
          const held = await findOrder(trx, { id: mine.order_id });
          if (held?.status === OrderStatus.PENDING) return { order: held, group: locked };
        }
        const domain = toDomainGroup(locked, members, now);
        const allowed = checkJoinGroup(
          domain,
          { userId: String(userId), paying: true },
          groupBuyService(await services.settings.site(trx)),
          now,
        );
        if (!allowed.ok) throw groupRefusal(allowed.error);
        const seat = freeSeat(locked, members);
        const holdUntil = Math.min(
          locked.expires_at,
          now + minutesToMs(services.config.groupBuy.seatHoldMinutes),
        );
        const share = await insertGroupOrder(
          trx,
          services,
          {
            group: locked,
            userId,
            role: MemberRole.MEMBER,
            kind: GROUP_SHARE_ORDER,
            amountMinor: groupJoinAmountMinor(domain),
            method: input.paymentMethod,
            provider,
            idempotencyKey: input.idempotencyKey,
            expiresAt: holdUntil,
          },
          now,
        );
        await takeSeat(
          trx,
          locked,
          mine,
          {
            userId,
            status: MemberStatus.PENDING,
            seat,
            orderId: share.id,
            holdUntil,
            paidAt: null,
          },
          now,
        );
        await writeAudit(trx, {
          actor: userActor(userId),
          action: 'group.seat_held',
          subjectType: 'group',
          subjectId: locked.public_id,
          data: { userId, seat, orderId: share.public_id, holdUntil },
          at: now,
        });
        return { order: await completeIfFree(trx, services, share, now), group: locked };
      });
    return groupOrderAnswer(services, order, group, userId, language, now, checkoutOrigin(ctx));
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await repeatedGroupOrder(services, userId, input.idempotencyKey, {
        kind: GROUP_SHARE_ORDER,
        groupId: input.groupId,
      });
      if (first)
        return groupOrderAnswer(
          services,
          first.order,
          first.group,
          userId,
          language,
          now,
          checkoutOrigin(ctx),
        );
      throw await raceRefusal(services.db, input.groupId, userId);
    }
    throw error;
  }
}
