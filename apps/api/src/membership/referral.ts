import {
  applyReferralBonus,
  checkSelfReferral,
  CommissionPurchaseType,
  referralBonus,
  type ShopGroupType,
} from '@nimbus/domain';
import { deviceIdsOfUser, lockUser, membershipOf } from '../accounts/users.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { OrderHook } from './order-hooks.ts';

/** Wallets a user has paid from (crypto), for the self-referral rule. */
async function walletsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('crypto_transactions')
    .innerJoin('orders', 'orders.id', 'crypto_transactions.order_id')
    .select('crypto_transactions.from_address')
    .where('orders.user_id', '=', userId).where('crypto_transactions.from_address', 'is not', null)
    .execute();
  return rows.map((r) => r.from_address ?? '');
}

/**
 * The inviter's bonus on a friend's first paid purchase (domain referral-bonus rule): referRate %
 * of the purchased duration while the inviter has membership running; renewals and
 * self-referrals (shared device or wallet) get nothing. The friend's purchase is recorded in
 * invitation_rewards with the bonus granted (0 when the inviter had no running membership), the
 * row the invitation records list reads. An order that cost nothing (a 100 % promo code) is not
 * a paid purchase and earns nothing.
 */
export function referralBonusHook(referRatePercent: number): OrderHook {
  return async ({ trx, dialect, order, now, actor }) => {
    if (order.amount_minor <= 0) return;
    const buyer = await trx.selectFrom('users').select(['id', 'inviter_id']).where('id', '=', order.user_id).executeTakeFirst();
    if (!buyer?.inviter_id) return;
    const inviterId = buyer.inviter_id;
    const earlier = await trx.selectFrom('orders').select('id')
      .where('user_id', '=', order.user_id).where('id', '!=', order.id)
      .where('status', 'in', ['paid', 'refunded']).where('amount_minor', '>', 0)
      .executeTakeFirst();
    const rewarded = await trx.selectFrom('invitation_rewards').select('id').where('invitee_id', '=', order.user_id).executeTakeFirst();
    if (earlier || rewarded) return;

    await lockUser(trx, dialect, inviterId);
    const inviter = await trx.selectFrom('users').select(['id', 'standard_expires_at', 'lite_expires_at', 'deleted_at'])
      .where('id', '=', inviterId).executeTakeFirstOrThrow();
    const [inviterDevices, buyerDevices, inviterWallets, buyerWallets] = await Promise.all([
      deviceIdsOfUser(trx, inviterId), deviceIdsOfUser(trx, order.user_id), walletsOfUser(trx, inviterId), walletsOfUser(trx, order.user_id),
    ]);
    const self = checkSelfReferral(
      { accountId: String(inviterId), deviceIds: inviterDevices, walletAddresses: inviterWallets },
      { accountId: String(order.user_id), deviceIds: buyerDevices, walletAddresses: buyerWallets },
    );
    const before = membershipOf(inviter);
    const bonus = referralBonus({
      referRatePercent,
      purchaseType: CommissionPurchaseType.FIRST_PURCHASE,
      purchasedPlanType: order.group_type as ShopGroupType,
      purchasedDurationSeconds: order.duration_days * 86_400,
      selfReferral: !self.ok,
      // A deleted inviter has no membership to lengthen.
      inviterMembership: inviter.deleted_at === null ? before : { standardExpiresAt: null, liteExpiresAt: null },
      now,
    });
    let bonusSeconds = 0;
    let bonusGroupType: number | null = null;
    if (bonus.ok) {
      const after = applyReferralBonus(before, bonus.value, now);
      await trx.updateTable('users').set({ standard_expires_at: after.standardExpiresAt, lite_expires_at: after.liteExpiresAt, updated_at: now })
        .where('id', '=', inviterId).execute();
      bonusSeconds = bonus.value.bonusSeconds;
      bonusGroupType = bonus.value.planType;
      await writeAudit(trx, {
        actor,
        action: 'referral.bonus',
        subjectType: 'user',
        subjectId: inviterId,
        data: { orderId: order.public_id, inviteeId: order.user_id, referRatePercent, bonusSeconds, planType: bonusGroupType, before, after },
        at: now,
      });
    } else {
      await writeAudit(trx, {
        actor, action: 'referral.no_bonus', subjectType: 'user', subjectId: inviterId,
        data: { orderId: order.public_id, inviteeId: order.user_id, reason: bonus.error }, at: now,
      });
    }
    await trx.insertInto('invitation_rewards').values({
      inviter_id: inviterId,
      invitee_id: order.user_id,
      order_id: order.id,
      plan_id: order.plan_id,
      bonus_seconds: bonusSeconds,
      bonus_group_type: bonusGroupType,
      created_at: now,
    }).execute();
  };
}
