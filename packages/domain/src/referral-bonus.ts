import { CommissionPurchaseType, type ShopGroupType } from './enums.ts';
import { activePlanTypes, extendMembership, type Membership } from './membership.ts';
import { secondsToMs } from './duration.ts';
import { err, ok, type Result } from './result.ts';

export type ReferralBonusRefusal = 'renewal' | 'self_referral' | 'inviter_inactive';

export interface ReferralBonus {
  readonly bonusSeconds: number;
  /** The inviter's plan type the bonus time goes to. */
  readonly planType: ShopGroupType;
}

/** A refer rate as whole basis points; rates may have up to two decimals (12.5 %). */
function rateBasisPoints(ratePercent: number): number {
  const bps = Math.round(ratePercent * 100);
  if (
    !Number.isFinite(ratePercent) ||
    ratePercent < 0 ||
    ratePercent > 100 ||
    Math.abs(bps - ratePercent * 100) > 1e-6
  ) {
    throw new RangeError(
      `A refer rate must be 0-100 with at most two decimals, got ${ratePercent}`,
    );
  }
  return bps;
}

/**
 * The inviter's bonus for a friend's purchase: referRate % of the purchased duration, in whole
 * seconds rounded down. Only the friend's FIRST purchase counts, never a renewal, never a
 * self-referral, and only while the inviter has membership time running at that moment.
 * The time goes to the plan type the friend bought if the inviter has it running, otherwise to
 * the inviter's running plan type (Standard first), so the bonus always lengthens time the
 * inviter is actually using.
 */
export function referralBonus(input: {
  readonly referRatePercent: number;
  readonly purchaseType: CommissionPurchaseType;
  readonly purchasedPlanType: ShopGroupType;
  readonly purchasedDurationSeconds: number;
  readonly selfReferral: boolean;
  readonly inviterMembership: Membership;
  readonly now: number;
}): Result<ReferralBonus, ReferralBonusRefusal> {
  const bps = rateBasisPoints(input.referRatePercent);
  if (input.selfReferral) return err('self_referral');
  if (input.purchaseType !== CommissionPurchaseType.FIRST_PURCHASE) return err('renewal');
  const running = activePlanTypes(input.inviterMembership, input.now);
  const planType = running.includes(input.purchasedPlanType) ? input.purchasedPlanType : running[0];
  if (planType === undefined) return err('inviter_inactive');
  return ok({
    bonusSeconds: Math.floor((Math.max(0, input.purchasedDurationSeconds) * bps) / 10_000),
    planType,
  });
}

/** The inviter's membership with the bonus added through the extension rule. */
export function applyReferralBonus(
  inviterMembership: Membership,
  bonus: ReferralBonus,
  now: number,
): Membership {
  return extendMembership(inviterMembership, bonus.planType, secondsToMs(bonus.bonusSeconds), now);
}
