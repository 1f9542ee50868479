import {
  applyReferralBonus,
  checkSelfReferral,
  CommissionPurchaseType,
  err,
  expiryOf,
  referralBonus,
  secondsToMs,
  ShopGroupType,
  type Membership,
} from '@nimbus/domain';
import { activeKolRate } from './kol-store.ts';
import { findMembership, updateMembership } from '../membership/index.ts';
import {
  findAnyUser,
  inviterOf,
  lockUser,
  membershipOf,
  setReferralDate,
} from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { hasEarlierPaidOrder, lateRefusedOrderIds, type OrderHook } from '../orders/index.ts';
import { referralParty } from './referral-party.ts';
import {
  insertInvitationReward,
  inviteeRewarded,
  markRewardReversed,
  rewardBonusOfOrder,
  rewardedInviterOfOrder,
} from './rewards-store.ts';

/**
 * The inviter's bonus on a friend's first paid purchase (domain referral-bonus rule): referRate %
 * of the purchased duration while the inviter has membership running; renewals and
 * self-referrals (shared device or wallet) get nothing. The friend's purchase is recorded in
 * invitation_rewards with the bonus granted (0 when the inviter had no running membership), the
 * row the invitation records list reads. An order that cost nothing (a 100 % promo code) is not
 * a paid purchase and earns nothing; a payment its group refused never reaches this hook (the
 * order hooks run only for a payment the order's kind accepted), so no bonus is given for money
 * that goes back. A KOL inviter earns commission on the friend's purchases instead
 * (kol-commission hook), never bonus time as well: one reward per referral, as affiliate
 * programmes pay; the purchase is still recorded, with no bonus.
 */
export function referralBonusHook(referRatePercent: number): OrderHook {
  return async ({ trx, dialect, order, now, actor }) => {
    if (order.amount_minor <= 0) return;
    const buyer = await inviterOf(trx, order.user_id);
    if (!buyer?.inviter_id) return;
    const inviterId = buyer.inviter_id;
    // A payment a group refused (refunded as late) was never a purchase: it does not make this one
    // a renewal.
    const earlier = await hasEarlierPaidOrder(
      trx,
      { userId: order.user_id, orderId: order.id },
      lateRefusedOrderIds(trx),
    );
    const rewarded = await inviteeRewarded(trx, order.user_id);
    if (earlier || rewarded) return;

    await lockUser(trx, dialect, inviterId);
    const inviter = await findAnyUser(trx, { column: 'id', key: inviterId });
    if (!inviter) throw new Error(`no user ${inviterId}`);
    const [inviterParty, buyerParty] = await Promise.all([
      referralParty(trx, inviterId),
      referralParty(trx, order.user_id),
    ]);
    const self = checkSelfReferral(inviterParty, buyerParty);
    const before = membershipOf(inviter);
    // Same test as the kol-commission hook, so exactly one of the two rewards applies.
    const kol = (await activeKolRate(trx, inviterId)) !== undefined;
    const bonus =
      kol && self.ok
        ? err('kol_commission' as const)
        : referralBonus({
            referRatePercent,
            purchaseType: CommissionPurchaseType.FIRST_PURCHASE,
            purchasedPlanType: order.group_type as ShopGroupType,
            purchasedDurationSeconds: order.duration_days * 86_400,
            selfReferral: !self.ok,
            // A deleted inviter has no membership to lengthen.
            inviterMembership:
              inviter.deleted_at === null
                ? before
                : { standardExpiresAt: null, liteExpiresAt: null },
            now,
          });
    let bonusSeconds = 0;
    let bonusGroupType: number | null = null;
    if (bonus.ok) {
      const after = applyReferralBonus(before, bonus.value, now);
      await updateMembership(trx, inviterId, { membership: after }, now);
      bonusSeconds = bonus.value.bonusSeconds;
      bonusGroupType = bonus.value.planType;
      await writeAudit(trx, {
        actor,
        action: 'referral.bonus',
        subjectType: 'user',
        subjectId: inviterId,
        data: {
          orderId: order.public_id,
          inviteeId: order.user_id,
          referRatePercent,
          bonusSeconds,
          planType: bonusGroupType,
          before,
          after,
        },
        at: now,
      });
    } else {
      await writeAudit(trx, {
        actor,
        action: 'referral.no_bonus',
        subjectType: 'user',
        subjectId: inviterId,
        data: { orderId: order.public_id, inviteeId: order.user_id, reason: bonus.error },
        at: now,
      });
    }
    await insertInvitationReward(trx, {
      inviter_id: inviterId,
      invitee_id: order.user_id,
      order_id: order.id,
      plan_id: order.plan_id,
      bonus_seconds: bonusSeconds,
      bonus_group_type: bonusGroupType,
      created_at: now,
      reversed_at: null,
    });
    await setReferralDate(trx, order.user_id, now);
  };
}

/**
 * The friend's purchase was refunded (order-refunded hook, in the refund's transaction): the
 * bonus time that order gave the inviter is taken back from the plan type it went to, never
 * below now (time the inviter already used is not clawed into the past, as for the buyer's own
 * reversal), and the reward is marked reversed for the invite page. The mark is set by a
 * conditional update, so a repeated refund event takes nothing back twice.
 */
export const referralReversalHook: OrderHook = async ({ trx, dialect, order, now, actor }) => {
  const inviterId = await rewardedInviterOfOrder(trx, order.id);
  if (inviterId === undefined) return;
  await lockUser(trx, dialect, inviterId);
  if (!(await markRewardReversed(trx, order.id, now))) return;
  const reward = await rewardBonusOfOrder(trx, order.id);
  const inviter = await findMembership(trx, inviterId);
  const before = membershipOf(inviter);
  let after: Membership = before;
  if (reward.bonus_seconds > 0 && reward.bonus_group_type !== null) {
    const planType =
      reward.bonus_group_type === ShopGroupType.STANDARD
        ? ShopGroupType.STANDARD
        : ShopGroupType.LITE;
    const expiry = expiryOf(before, planType);
    if (expiry !== null) {
      const back = Math.max(now, expiry - secondsToMs(reward.bonus_seconds));
      after =
        planType === ShopGroupType.STANDARD
          ? { ...before, standardExpiresAt: back }
          : { ...before, liteExpiresAt: back };
      await updateMembership(trx, inviterId, { membership: after }, now);
    }
  }
  await writeAudit(trx, {
    actor,
    action: 'referral.bonus_reversed',
    subjectType: 'user',
    subjectId: inviterId,
    data: {
      orderId: order.public_id,
      inviteeId: order.user_id,
      bonusSeconds: reward.bonus_seconds,
      planType: reward.bonus_group_type,
      before,
      after,
    },
    at: now,
  });
};
