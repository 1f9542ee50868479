import type { GroupBuy as GroupBuyView } from '@nimbus/api-sdk/contract';
import type { GroupBuyPaymentType, GroupBuyStatus, GroupBuySize, Language } from '@nimbus/domain';
import { contactsOf, maskedAccount } from '../accounts/index.ts';
import type { Db } from '../db/database.ts';
import { productName } from '../plans/index.ts';
import {
  holdsSeat,
  inviteLinkOf,
  isPaid,
  MemberRole,
  MemberStatus,
  membersJoined,
  type GroupRow,
  type MemberRow,
} from './groups.ts';
import { membersOf } from './store.ts';

type Person = { email: string | null; phone: string | null; username_display: string | null };

/** Creators of some groups, for their masked names. */
export async function creatorsOf(
  db: Db,
  groups: readonly GroupRow[],
): Promise<Map<number, Person>> {
  return contactsOf(db, [...new Set(groups.map((g) => g.creator_id))]);
}

/**
 * A group as the contract shows it. Public: the creator masked, counts only; nothing about the
 * other members. `viewerId` is the signed-in caller, if any.
 */
export function groupView(
  group: GroupRow,
  members: readonly MemberRow[],
  creator: Person | undefined,
  viewerId: number | undefined,
  language: Language,
  now: number,
): GroupBuyView {
  const creatorRow = members.find((m) => m.role === MemberRole.CREATOR);
  const mine = viewerId === undefined ? undefined : members.find((m) => m.user_id === viewerId);
  let viewerRole: GroupBuyView['viewerRole'] = null;
  if (viewerId === group.creator_id) viewerRole = 'creator';
  else if (
    mine &&
    mine.status !== MemberStatus.RELEASED &&
    (mine.status !== MemberStatus.PENDING || holdsSeat(mine, now))
  )
    viewerRole = 'member';
  return {
    groupId: group.public_id,
    productId: String(group.plan_id),
    productName: productName(language, group.group_type, group.duration_days),
    durationDays: group.duration_days,
    creator: creator ? maskedAccount(creator) : '***',
    createdAt: group.created_at,
    expireAt: group.expires_at,
    finishAt: group.finished_at,
    membersJoined: membersJoined(members),
    size: group.size as GroupBuySize,
    unitPriceMinor: group.unit_price_minor,
    currency: group.currency,
    devicesAllowed: group.devices_allowed,
    status: group.status as GroupBuyStatus,
    paymentType: group.payment_type as GroupBuyPaymentType,
    creatorPaid: creatorRow !== undefined && isPaid(creatorRow),
    inviteLink: inviteLinkOf(group.public_id),
    viewerRole,
  };
}

/** Views of several groups (a list page) with two queries for all of them. */
export async function groupViews(
  db: Db,
  groups: readonly GroupRow[],
  viewerId: number | undefined,
  language: Language,
  now: number,
): Promise<GroupBuyView[]> {
  const [members, creators] = await Promise.all([
    membersOf(
      db,
      groups.map((g) => g.id),
    ),
    creatorsOf(db, groups),
  ]);
  return groups.map((g) =>
    groupView(g, members.get(g.id) ?? [], creators.get(g.creator_id), viewerId, language, now),
  );
}
