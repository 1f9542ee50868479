import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { pageRequest } from '@nimbus/domain';
import { productName } from '../plans/index.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { findKolTotals } from './kol-totals-store.ts';
import { orderColumns } from '../orders/index.ts';
import { inviteePage, maskedAccount, userColumns } from '../accounts/index.ts';

// POST /api/system/system_invitation_records
/**
 * system_invitation_records: the friends the caller invited, for the account centre's invite
 * page, newest first: the date (of the reward once the friend bought, of the registration
 * before), the friend masked, the product of their first purchase and the bonus time the
 * caller received for it (invitation_rewards, written by the referral-bonus hook). Friends who registered
 * without buying show with no product and no bonus. A bonus taken back because the purchase
 * was refunded shows as reversed with no bonus time. The total counts every bonus kept.
 */
export async function invitationRecords(
  input: RequestOf<'systemInvitationRecords'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemInvitationRecords'>> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  // The page is read from the index (inviter_id, referral_date, id) alone, newest first; only its
  // friends are then read with their reward and its order. The total is the inviter's running
  // count of invitees.
  const [rows, totals, bonus] = await Promise.all([
    inviteePage(db, userId, page)
      .innerJoin(
        userColumns(db, [
          'id',
          'email',
          'phone',
          'username_display',
          'created_at',
          'inviter_id',
        ]).as('u'),
        'u.id',
        'p.id',
      )
      .leftJoin('invitation_rewards as r', (join) =>
        join.onRef('r.invitee_id', '=', 'u.id').onRef('r.inviter_id', '=', 'u.inviter_id'),
      )
      .leftJoin(
        orderColumns(db, ['id', 'group_type', 'duration_days']).as('o'),
        'o.id',
        'r.order_id',
      )
      .select((eb) => [
        'u.id',
        'u.email',
        'u.phone',
        'u.username_display',
        'r.bonus_seconds',
        'r.reversed_at',
        'o.group_type',
        'o.duration_days',
        eb.fn.coalesce('r.created_at', 'u.created_at').as('date'),
      ])
      .execute(),
    findKolTotals(db, userId),
    db
      .selectFrom('invitation_rewards')
      .select((eb) => eb.fn.sum<number>('bonus_seconds').as('s'))
      .where('inviter_id', '=', userId)
      .where('reversed_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      date: Number(r.date),
      invitee: maskedAccount(r),
      productName:
        r.group_type === null || r.duration_days === null
          ? null
          : productName(ctx.language, r.group_type, r.duration_days),
      bonusSeconds: r.reversed_at === null ? (r.bonus_seconds ?? 0) : 0,
      bonusReversed: r.reversed_at !== null,
    })),
    total: totals.invitees,
    page: page.page,
    pageSize: page.pageSize,
    totalBonusSeconds: Number(bonus.s ?? 0),
  };
}
