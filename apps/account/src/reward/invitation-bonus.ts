import type { InvitationRecord } from '@nimbus/api-sdk/contract';
import { CommissionPurchaseType, ShopGroupType, referralBonus } from '@nimbus/domain';

export type BonusView =
  | { readonly kind: 'granted'; readonly seconds: number }
  /**
   * The friend's purchase was refunded and the bonus time taken back (the server then keeps 0
   * seconds).
   */
  | { readonly kind: 'reversed' }
  /**
   * The friend bought, but the inviter had no running membership then (spec: bonus only while
   * active).
   */
  | { readonly kind: 'not_granted' }
  /** The friend has not bought yet. */
  | { readonly kind: 'not_purchased' };

/** What the bonus column of an invitation record says. */
export function bonusView(
  record: Pick<InvitationRecord, 'productName' | 'bonusSeconds' | 'bonusReversed'>,
): BonusView {
  if (record.bonusReversed) return { kind: 'reversed' };
  if (record.bonusSeconds > 0) return { kind: 'granted', seconds: record.bonusSeconds };
  return record.productName === null ? { kind: 'not_purchased' } : { kind: 'not_granted' };
}

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The rules' example: the bonus an active inviter gets for a friend's first 12-month plan,
 * computed by the domain rule itself so the example can never disagree with what is granted.
 */
export function yearlyExampleSeconds(referRatePercent: number): number {
  const now = 0;
  const bonus = referralBonus({
    referRatePercent,
    purchaseType: CommissionPurchaseType.FIRST_PURCHASE,
    purchasedPlanType: ShopGroupType.STANDARD,
    purchasedDurationSeconds: YEAR_SECONDS,
    selfReferral: false,
    inviterMembership: { standardExpiresAt: now + 1, liteExpiresAt: null },
    now,
  });
  return bonus.ok ? bonus.value.bonusSeconds : 0;
}
