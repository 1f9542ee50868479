import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { pageRequest } from '@nimbus/domain';
import { productName } from '../plans/index.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { findKolTotals } from './kol-totals-store.ts';
import { maskedAccount } from '../accounts/index.ts';
import { invitationRecordPage, keptBonusSeconds } from './rewards-store.ts';

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
  // The page is read from the (inviter_id, referral_date, id) index alone, newest first
  // (rewards-store.ts); the total is the inviter's running count of invitees.
  const [rows, totals, bonusSeconds] = await Promise.all([
    invitationRecordPage(db, userId, page),
    findKolTotals(db, userId),
    keptBonusSeconds(db, userId),
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
    totalBonusSeconds: bonusSeconds,
  };
}
