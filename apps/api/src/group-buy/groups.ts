import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  type GroupBuyPaymentType,
  type GroupBuyStatus,
  type GroupBuy,
  type GroupBuyService,
  type GroupBuySize,
  type GroupMember,
  type JoinError,
} from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { GroupBuysTable } from '../db/schema.ts';
import { Refusal } from '../errors/refusal.ts';
import type { SiteSettings } from '../settings/index.ts';

/**
 * A group buy as the server holds it, without the database: its row and seat rows' shapes, the
 * order kinds, group ids and invite links, the domain's view of a group (`toDomainGroup`) and the
 * seat rules the steps share. The queries are store.ts; what the contract shows, group-view.ts.
 */

export type GroupRow = Selectable<GroupBuysTable>;

/** The order kinds of group buys (orders.kind): the creator's payment and a friend's share. */
export const GROUP_CREATOR_ORDER = 'group_creator';
export const GROUP_SHARE_ORDER = 'group_share';

export const MemberStatus = {
  PENDING: 'pending',
  JOINED: 'joined',
  RELEASED: 'released',
  REFUNDED: 'refunded',
} as const;
export const MemberRole = { CREATOR: 'creator', MEMBER: 'member' } as const;

/** A seat row with the order that pays it (if any). */
export interface MemberRow {
  user_id: number;
  role: string;
  status: string;
  seat: number | null;
  order_id: number | null;
  hold_until: number | null;
  joined_at: number;
  paid_at: number | null;
  credited_standard_ms: number;
  credited_lite_ms: number;
  order_public_id: string | null;
  order_amount_minor: number | null;
  order_currency: string | null;
  order_method: string | null;
}

// Unambiguous symbols (no 0/O, 1/I), as order ids: group ids are typed from a screenshot now and
// then.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A group id for invite links: "G" and 20 random symbols (100 bits), so groups cannot be guessed.
 */
export function newGroupId(): string {
  let id = 'G';
  for (const b of randomBytes(20)) id += ALPHABET.charAt(b & 31);
  return id;
}

export const inviteLinkOf = (groupId: string) =>
  `/group-buying?groupId=${encodeURIComponent(groupId)}`;

/** The service switch and start time of the settings in force, as the domain reads it. */
export function groupBuyService(site: SiteSettings): GroupBuyService {
  return { enabled: site.features.groupBuy, startsAt: site.groupBuy.startsAt };
}

const JOIN_ERRORS: Record<JoinError | 'invalid_size', (typeof ErrorCode)[keyof typeof ErrorCode]> =
  {
    group_not_started: ErrorCode.GROUP_NOT_STARTED,
    group_ended: ErrorCode.GROUP_ENDED,
    creator_not_paid: ErrorCode.GROUP_CREATOR_NOT_PAID,
    already_joined: ErrorCode.GROUP_ALREADY_JOINED,
    group_full: ErrorCode.GROUP_FULL,
    payment_required: ErrorCode.GROUP_PAYMENT_REQUIRED,
    no_payment_needed: ErrorCode.GROUP_NO_PAYMENT_NEEDED,
    invalid_size: ErrorCode.GROUP_INVALID_SIZE,
  };

/** The API refusal of a domain refusal. */
export function groupRefusal(error: JoinError | 'invalid_size'): Refusal {
  return new Refusal(JOIN_ERRORS[error]);
}

/** A friend's unpaid seat still held at `now` (the creator's seat never lapses). */
export function holdsSeat(member: MemberRow, now: number): boolean {
  if (member.role === MemberRole.CREATOR) return true;
  if (member.status === MemberStatus.JOINED || member.status === MemberStatus.REFUNDED) return true;
  return (
    member.status === MemberStatus.PENDING && member.hold_until !== null && member.hold_until > now
  );
}

/** Whether a seat row carries a payment that counts (paid, not refunded). */
export const isPaid = (member: MemberRow) =>
  member.status === MemberStatus.JOINED &&
  member.paid_at !== null &&
  member.order_public_id !== null;

/**
 * The domain's view of a group: the creator first, then everyone holding a seat at `now`, each
 * with the payment that paid their seat. Seats held for an unpaid share count as members
 * without payment, so they are not given away while their holder is paying.
 */
export function toDomainGroup(
  group: GroupRow,
  members: readonly MemberRow[],
  now: number,
): GroupBuy {
  const seated = members.filter((m) => holdsSeat(m, now));
  const ordered = [
    ...seated.filter((m) => m.role === MemberRole.CREATOR),
    ...seated.filter((m) => m.role !== MemberRole.CREATOR),
  ];
  return {
    id: group.public_id,
    creatorId: String(group.creator_id),
    size: group.size as GroupBuySize,
    paymentType: group.payment_type as GroupBuyPaymentType,
    planId: group.plan_id,
    planPriceMinor: group.plan_price_minor,
    currency: group.currency,
    unitPriceMinor: group.unit_price_minor,
    createdAt: group.created_at,
    expiresAt: group.expires_at,
    finishedAt: group.finished_at,
    closedAt: group.closed_at,
    status: group.status as GroupBuyStatus,
    members: ordered.map((m): GroupMember => ({
      userId: String(m.user_id),
      joinedAt: m.joined_at,
      payment: isPaid(m)
        ? {
            paymentId: m.order_public_id ?? '',
            method: m.order_method ?? '',
            amountMinor: m.order_amount_minor ?? 0,
            currency: m.order_currency ?? '',
            paidAt: m.paid_at ?? 0,
          }
        : null,
    })),
  };
}

/** The lowest seat number no row holds (rows of lapsed holds must be released first). */
export function freeSeat(group: GroupRow, members: readonly MemberRow[]): number {
  const taken = new Set(members.map((m) => m.seat).filter((s): s is number => s !== null));
  for (let seat = 1; seat <= group.size; seat++) if (!taken.has(seat)) return seat;
  // The domain said a seat is free: a row holding one without counting is a bug.
  throw new Error(`group ${group.public_id} has no free seat`);
}

/** Members joined so far: the creator and every friend who took a seat for good. */
export function membersJoined(members: readonly MemberRow[]): number {
  return members.filter(
    (m) =>
      m.role === MemberRole.CREATOR ||
      m.status === MemberStatus.JOINED ||
      m.status === MemberStatus.REFUNDED,
  ).length;
}
