import {
  ErrorCode,
  type AdminGroupRow,
  type AdminGroupState,
  type AdminRequestOf,
  type AdminResponseOf,
} from '@nimbus/api-sdk/contract';
import { closeGroupBuy, GroupBuyStatus, validateReason, type Language } from '@nimbus/domain';
import type { Actor } from '../audit/index.ts';
import { productName } from '../plans/index.ts';
import type { Db } from '../db/database.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { settleClosedGroup } from './jobs.ts';
import { type GroupRow, membersJoined, toDomainGroup } from './groups.ts';
import {
  findGroup,
  groupsPage,
  lockGroup,
  lockGroupUsers,
  markGroupClosed,
  membersOf,
  membersOfGroup,
} from './store.ts';
import { refundsOfGroup, type OrderServices } from '../orders/index.ts';
import { accountName, contactsOf } from '../accounts/index.ts';

/**
 * The console's group buys: a page of groups by id, creator and state (answered by the public id,
 * the creator and the state/end-time indexes), one group with its seats and refunds, and an
 * operator's close: the domain's unfilled-group rule now (closeGroupBuy), every paid share queued
 * for refund as an expiry would, the reason audited.
 */

export function groupState(group: GroupRow, now: number): AdminGroupState {
  if (group.closed_at !== null) return 'closed';
  if (group.status === GroupBuyStatus.FINISHED) return 'finished';
  return group.expires_at > now ? 'open' : 'waiting';
}

async function toRows(db: Db, groups: GroupRow[], now: number, language: Language) {
  const [members, creators] = await Promise.all([
    membersOf(
      db,
      groups.map((g) => g.id),
    ),
    contactsOf(db, [...new Set(groups.map((g) => g.creator_id))]),
  ]);
  return groups.map((g): AdminGroupRow => {
    const creator = creators.get(g.creator_id);
    return {
      groupId: g.public_id,
      creatorId: String(g.creator_id),
      creatorAccount: creator ? accountName(creator) : `#${g.creator_id}`,
      product: productName(language, g.group_type, g.duration_days),
      size: g.size,
      paymentType: g.payment_type,
      unitPriceMinor: g.unit_price_minor,
      currency: g.currency,
      joined: membersJoined(members.get(g.id) ?? []),
      state: groupState(g, now),
      createdAt: g.created_at,
      expiresAt: g.expires_at,
      finishedAt: g.finished_at,
      closedAt: g.closed_at,
    };
  });
}

export async function searchGroups(
  db: Db,
  filter: Omit<AdminRequestOf<'adminGroupList'>, 'page' | 'pageSize'>,
  page: { offset: number; limit: number },
  now: number,
  language: Language,
): Promise<{ items: AdminGroupRow[]; total: number; totalCapped: boolean }> {
  const { groups, ...total } = await groupsPage(db, filter, page, now);
  return { items: await toRows(db, groups, now, language), ...total };
}

export async function groupDetailForConsole(
  db: Db,
  publicId: string,
  now: number,
  language: Language,
): Promise<AdminResponseOf<'adminGroupDetail'>> {
  const group = await findGroup(db, publicId);
  const [[row], members, refunds] = await Promise.all([
    toRows(db, [group], now, language),
    membersOfGroup(db, group.id),
    refundsOfGroup(db, group.id),
  ]);
  if (!row) throw new Refusal(ErrorCode.GROUP_NOT_FOUND);
  const contacts = await contactsOf(
    db,
    members.map((m) => m.user_id),
  );
  return {
    group: row,
    members: members.map((m) => {
      const contact = contacts.get(m.user_id);
      return {
        userId: String(m.user_id),
        account: contact ? accountName(contact) : `#${m.user_id}`,
        role: m.role,
        status: m.status,
        seat: m.seat,
        orderId: m.order_public_id,
        amountMinor: m.order_amount_minor,
        joinedAt: m.joined_at,
        paidAt: m.paid_at,
      };
    }),
    refunds: refunds.map((r) => ({
      orderId: r.public_id,
      reason: r.reason,
      status: r.status,
      createdAt: r.created_at,
      doneAt: r.done_at,
    })),
  };
}

/**
 * Closes an unfinished group now, for an operator: nobody gets membership, every paid share is
 * queued for refund (the scheduled jobs return the money through the provider, as for an
 * expired group), held seats are given up. GROUP_NOT_CLOSABLE for a finished or closed group.
 */
export async function closeGroupForOperator(
  services: OrderServices,
  input: { groupId: string; reason: string },
  actor: Actor,
  now: number,
  language: Language,
): Promise<AdminResponseOf<'adminGroupClose'>> {
  const reason = validateReason(input.reason);
  if (reason === null) throw validationRefusal('text_required');
  const refundsQueued = await services.db.transaction().execute(async (trx) => {
    await lockGroupUsers(trx, services.dialect, { publicId: input.groupId.trim() });
    const group = await lockGroup(trx, { publicId: input.groupId.trim() }, now);
    const members = await membersOfGroup(trx, group.id);
    const closed = closeGroupBuy(toDomainGroup(group, members, now), now);
    if (!closed.ok) throw new Refusal(ErrorCode.GROUP_NOT_CLOSABLE);
    await markGroupClosed(trx, group.id, now);
    await settleClosedGroup(trx, group, closed.value.refunds, {
      actor,
      action: 'group.closed',
      now,
      data: { reason },
    });
    return closed.value.refunds.length;
  });
  const { group } = await groupDetailForConsole(services.db, input.groupId.trim(), now, language);
  return { group, refundsQueued };
}
