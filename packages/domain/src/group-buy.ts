import {
  GROUP_BUY_DURATION_HOURS_DEFAULT,
  GROUP_BUY_SIZES,
  type GroupBuySize,
} from './constants.ts';
import { MS_PER_HOUR } from './duration.ts';
import { GroupBuyPaymentType, GroupBuyPhase, GroupBuyStatus } from './enums.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Group buying (spec section 4). A creator opens a group of 2 or 3 for a plan:
 * - pay-all: the creator pays unitPrice x size; the group is finished at once and friends who
 *   join get membership without paying, until every seat is taken. The seats were paid for, so
 *   a finished pay-all group does not expire and stays joinable until full.
 * - pay-self: everyone pays one share (the unit price) as they join; when the group is full and
 *   every member has paid, it is finished and all members get membership together.
 * An unfinished group expires at its end time: a pay-self group that did not fill is closed,
 * every paid share is refunded to the payment it came from, and nobody gets membership.
 */

/** The service switch: group buying can be off, or not yet started. */
export interface GroupBuyService {
  readonly enabled: boolean;
  /** Start of the service (inclusive), or null when it has no start time. */
  readonly startsAt: number | null;
}

export interface GroupPayment {
  readonly paymentId: string;
  /** The payment method it came from (card provider, wallet...), where a refund goes back to. */
  readonly method: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly paidAt: number;
}

export interface GroupMember {
  readonly userId: string;
  readonly joinedAt: number;
  /** null: has not paid (the creator before paying, or a friend of a pay-all group). */
  readonly payment: GroupPayment | null;
}

export interface GroupBuy {
  readonly id: string;
  readonly creatorId: string;
  readonly size: GroupBuySize;
  readonly paymentType: GroupBuyPaymentType;
  readonly planId: number;
  readonly planPriceMinor: number;
  readonly currency: string;
  readonly unitPriceMinor: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly finishedAt: number | null;
  /** Set when an expired unfinished group was closed (and its shares refunded). */
  readonly closedAt: number | null;
  readonly status: GroupBuyStatus;
  /** The creator first, then members in the order they joined. */
  readonly members: readonly GroupMember[];
}

/** A state change, and who gets the plan's membership because of it. */
export interface GroupTransition {
  readonly group: GroupBuy;
  readonly membershipGrants: readonly string[];
}

export interface RefundInstruction {
  readonly userId: string;
  readonly paymentId: string;
  readonly method: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** The group expired unfilled, or an operator closed it (support's fix for a stuck group). */
  readonly reason: 'group_expired' | 'group_closed';
}

export type JoinError =
  | 'group_not_started'
  | 'group_ended'
  | 'creator_not_paid'
  | 'already_joined'
  | 'group_full'
  | 'payment_required'
  | 'no_payment_needed';

export function validateGroupSize(size: number): Result<GroupBuySize, 'invalid_size'> {
  return (GROUP_BUY_SIZES as readonly number[]).includes(size)
    ? ok(size as GroupBuySize)
    : err('invalid_size');
}

/**
 * One member's share: the plan price divided by the group size, rounded UP to the minor unit, so
 * the shares together always cover the plan price (they exceed it by at most size - 1 minor
 * units, e.g. $10.00 for 3 is 3 x $3.34).
 */
export function groupUnitPriceMinor(planPriceMinor: number, size: GroupBuySize): number {
  if (!Number.isSafeInteger(planPriceMinor) || planPriceMinor < 0)
    throw new RangeError(`A plan price must be a non-negative integer, got ${planPriceMinor}`);
  return Math.ceil(planPriceMinor / size);
}

/**
 * What the creator pays: every seat in a pay-all group (unitPrice x size), one share in pay-self.
 */
export function groupCreatorAmountMinor(
  group: Pick<GroupBuy, 'paymentType' | 'unitPriceMinor' | 'size'>,
): number {
  return group.paymentType === GroupBuyPaymentType.PAY_ALL
    ? group.unitPriceMinor * group.size
    : group.unitPriceMinor;
}

/** What a friend pays to join: nothing in a pay-all group, one share in pay-self. */
export function groupJoinAmountMinor(
  group: Pick<GroupBuy, 'paymentType' | 'unitPriceMinor'>,
): number {
  return group.paymentType === GroupBuyPaymentType.PAY_ALL ? 0 : group.unitPriceMinor;
}

/** The group's end time: `durationHours` (configurable, default 24) after it was created. */
export function groupBuyEndTime(
  createdAt: number,
  durationHours: number = GROUP_BUY_DURATION_HOURS_DEFAULT,
): number {
  if (!(durationHours > 0))
    throw new RangeError(`A group must stay open for some time, got ${durationHours} hours`);
  return createdAt + durationHours * MS_PER_HOUR;
}

/** Whether the group-buy service is on and started; otherwise "not yet started". */
export function checkGroupBuyService(
  service: GroupBuyService,
  now: number,
): Result<true, 'group_not_started'> {
  if (!service.enabled) return err('group_not_started');
  if (service.startsAt !== null && now < service.startsAt) return err('group_not_started');
  return ok(true);
}

export function createGroupBuy(input: {
  readonly id: string;
  readonly creatorId: string;
  readonly size: number;
  readonly paymentType: GroupBuyPaymentType;
  readonly planId: number;
  readonly planPriceMinor: number;
  readonly currency: string;
  readonly service: GroupBuyService;
  readonly now: number;
  readonly durationHours?: number;
}): Result<GroupBuy, 'invalid_size' | 'group_not_started'> {
  const size = validateGroupSize(input.size);
  if (!size.ok) return size;
  const service = checkGroupBuyService(input.service, input.now);
  if (!service.ok) return service;
  return ok({
    id: input.id,
    creatorId: input.creatorId,
    size: size.value,
    paymentType: input.paymentType,
    planId: input.planId,
    planPriceMinor: input.planPriceMinor,
    currency: input.currency,
    unitPriceMinor: groupUnitPriceMinor(input.planPriceMinor, size.value),
    createdAt: input.now,
    expiresAt: groupBuyEndTime(input.now, input.durationHours),
    finishedAt: null,
    closedAt: null,
    status: GroupBuyStatus.UNFINISHED,
    members: [{ userId: input.creatorId, joinedAt: input.now, payment: null }],
  });
}

function creatorOf(group: GroupBuy): GroupMember | undefined {
  return group.members.find((m) => m.userId === group.creatorId);
}

function creatorHasPaid(group: GroupBuy): boolean {
  return creatorOf(group)?.payment != null;
}

/**
 * The facts that decide where a group stands and whether it takes one more member. The API shows
 * a group to the apps by these names (`GroupBuy` in @nimbus/api-sdk); the server's full group
 * gives them through `groupFacts`. Each rule below takes only the facts it reads.
 */
export interface GroupFacts {
  readonly status: GroupBuyStatus;
  readonly paymentType: GroupBuyPaymentType;
  /** The end time: an unfinished group has ended from here on. */
  readonly expireAt: number;
  /** When the ended group was closed and its shares refunded (the server knows; the API does not). */
  readonly closedAt?: number | null;
  readonly creatorPaid: boolean;
  /** Members holding a seat, the creator included. */
  readonly membersJoined: number;
  readonly size: number;
}

export function groupFacts(group: GroupBuy): GroupFacts {
  return {
    status: group.status,
    paymentType: group.paymentType,
    expireAt: group.expiresAt,
    closedAt: group.closedAt,
    creatorPaid: creatorHasPaid(group),
    membersJoined: group.members.length,
    size: group.size,
  };
}

/** An unfinished group past its end time, or one already closed, has ended. */
export function isGroupBuyEnded(
  group: Pick<GroupFacts, 'status' | 'expireAt' | 'closedAt'>,
  now: number,
): boolean {
  return (
    (group.closedAt ?? null) !== null ||
    (group.status === GroupBuyStatus.UNFINISHED && now >= group.expireAt)
  );
}

/** Seats still free. */
export function groupOpenSeats(group: Pick<GroupFacts, 'membersJoined' | 'size'>): number {
  return Math.max(0, group.size - group.membersJoined);
}

export function groupBuyPhase(
  group: Pick<GroupFacts, 'status' | 'expireAt' | 'closedAt' | 'creatorPaid'>,
  now: number,
): GroupBuyPhase {
  if (group.status === GroupBuyStatus.FINISHED) return GroupBuyPhase.FINISHED;
  if (isGroupBuyEnded(group, now)) return GroupBuyPhase.ENDED;
  return group.creatorPaid ? GroupBuyPhase.RECRUITING : GroupBuyPhase.AWAITING_CREATOR_PAYMENT;
}

/** Why a group takes nobody more, whoever asks. */
export type JoinRefusal = Extract<JoinError, 'group_ended' | 'creator_not_paid' | 'group_full'>;

/**
 * Why the group takes nobody more, or null while a seat is open to friends (through the invite
 * link), in the order a person wants to hear it: an ended group first (nothing else matters
 * then), then the spec's order, creator not paid before full. A finished pay-all group's seats
 * were paid for, so it takes friends after its end time until it is full.
 */
export function joinRefusal(
  group: Pick<
    GroupFacts,
    'status' | 'expireAt' | 'closedAt' | 'creatorPaid' | 'membersJoined' | 'size'
  >,
  now: number,
): JoinRefusal | null {
  if (isGroupBuyEnded(group, now)) return 'group_ended';
  if (!group.creatorPaid) return 'creator_not_paid';
  if (groupOpenSeats(group) === 0) return 'group_full';
  return null;
}

function isComplete(group: GroupBuy): boolean {
  return group.members.length === group.size && group.members.every((m) => m.payment !== null);
}

function paymentMatches(payment: GroupPayment, amountMinor: number, currency: string): boolean {
  return payment.amountMinor === amountMinor && payment.currency === currency;
}

/**
 * The creator's payment arrived. Pay-all: the group is finished at once and the creator gets
 * membership. Pay-self: the creator's share opens the group to friends. A payment for an ended
 * group is refused (the caller refunds it), and so is a second payment or a wrong amount.
 */
export function payGroupAsCreator(
  group: GroupBuy,
  payment: GroupPayment,
  now: number,
): Result<GroupTransition, 'group_ended' | 'already_paid' | 'payment_amount_mismatch'> {
  if (creatorHasPaid(group)) return err('already_paid');
  if (isGroupBuyEnded(groupFacts(group), now)) return err('group_ended');
  if (!paymentMatches(payment, groupCreatorAmountMinor(group), group.currency))
    return err('payment_amount_mismatch');
  const paid: GroupBuy = {
    ...group,
    members: group.members.map((m) => (m.userId === group.creatorId ? { ...m, payment } : m)),
  };
  // A pay-self creator is one of at least two members, so their share alone never completes it.
  if (group.paymentType === GroupBuyPaymentType.PAY_SELF)
    return ok({ group: paid, membershipGrants: [] });
  return ok({
    group: { ...paid, status: GroupBuyStatus.FINISHED, finishedAt: now },
    membershipGrants: [group.creatorId],
  });
}

/**
 * Whether `userId` may join now, `paying` saying whether the join comes with a payment. The
 * checks run in the order a person would want to hear them. A finished pay-all group's seats
 * are already paid for, so neither the service switch nor the end time takes them away.
 */
export function checkJoinGroup(
  group: GroupBuy,
  join: { readonly userId: string; readonly paying: boolean },
  service: GroupBuyService,
  now: number,
): Result<true, JoinError> {
  const paidSeats =
    group.paymentType === GroupBuyPaymentType.PAY_ALL && group.status === GroupBuyStatus.FINISHED;
  if (!paidSeats) {
    const started = checkGroupBuyService(service, now);
    if (!started.ok) return started;
  }
  if (group.members.some((m) => m.userId === join.userId)) return err('already_joined');
  const refused = joinRefusal(groupFacts(group), now);
  if (refused) return err(refused);
  if (group.paymentType === GroupBuyPaymentType.PAY_SELF && !join.paying)
    return err('payment_required');
  if (group.paymentType === GroupBuyPaymentType.PAY_ALL && join.paying)
    return err('no_payment_needed');
  return ok(true);
}

/**
 * A friend joins. Pay-all: no payment, and the friend gets membership at once. Pay-self: the
 * join carries the friend's paid share; when it fills the group, every member gets membership.
 * If a pay-self join is refused after its payment went through (two people raced for the last
 * seat), the caller refunds that payment.
 */
export function joinGroup(
  group: GroupBuy,
  join: { readonly userId: string; readonly payment: GroupPayment | null },
  service: GroupBuyService,
  now: number,
): Result<GroupTransition, JoinError | 'payment_amount_mismatch'> {
  const allowed = checkJoinGroup(
    group,
    { userId: join.userId, paying: join.payment !== null },
    service,
    now,
  );
  if (!allowed.ok) return allowed;
  if (join.payment !== null && !paymentMatches(join.payment, group.unitPriceMinor, group.currency))
    return err('payment_amount_mismatch');
  const joined: GroupBuy = {
    ...group,
    members: [...group.members, { userId: join.userId, joinedAt: now, payment: join.payment }],
  };
  if (group.paymentType === GroupBuyPaymentType.PAY_ALL)
    return ok({ group: joined, membershipGrants: [join.userId] });
  if (!isComplete(joined)) return ok({ group: joined, membershipGrants: [] });
  return ok({
    group: { ...joined, status: GroupBuyStatus.FINISHED, finishedAt: now },
    membershipGrants: joined.members.map((m) => m.userId),
  });
}

/** Every share of the group that was paid, as one refund instruction per payment. */
function paidShareRefunds(
  group: GroupBuy,
  reason: RefundInstruction['reason'],
): RefundInstruction[] {
  return group.members.flatMap((m): RefundInstruction[] =>
    m.payment === null
      ? []
      : [
          {
            userId: m.userId,
            paymentId: m.payment.paymentId,
            method: m.payment.method,
            amountMinor: m.payment.amountMinor,
            currency: m.payment.currency,
            reason,
          },
        ],
  );
}

/**
 * Closes an unfinished group whose end time has passed. Nobody gets membership, and every share
 * that was paid is refunded in full to the payment it came from (one instruction per payment).
 * Closing twice is refused, so nothing is refunded twice.
 */
export function expireGroupBuy(
  group: GroupBuy,
  now: number,
): Result<
  { readonly group: GroupBuy; readonly refunds: readonly RefundInstruction[] },
  'not_expired' | 'already_finished' | 'already_closed'
> {
  if (group.status === GroupBuyStatus.FINISHED) return err('already_finished');
  if (group.closedAt !== null) return err('already_closed');
  if (now < group.expiresAt) return err('not_expired');
  return ok({
    group: { ...group, closedAt: now },
    refunds: paidShareRefunds(group, 'group_expired'),
  });
}

/**
 * An operator closes an unfinished group before its end time (a group stuck on a payment
 * problem, a fraud case): the unfilled-group rule, now. Nobody gets membership and every paid
 * share is refunded to the payment it came from. A finished group (its members have their
 * membership; refund their orders instead) and a closed one are refused.
 */
export function closeGroupBuy(
  group: GroupBuy,
  now: number,
): Result<
  { readonly group: GroupBuy; readonly refunds: readonly RefundInstruction[] },
  'already_finished' | 'already_closed'
> {
  if (group.status === GroupBuyStatus.FINISHED) return err('already_finished');
  if (group.closedAt !== null) return err('already_closed');
  return ok({
    group: { ...group, closedAt: now },
    refunds: paidShareRefunds(group, 'group_closed'),
  });
}
