import { daysToMs } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import { expiryOf, extendMembership, type Membership } from './membership.ts';

/** The most days an operator grants or deducts in one adjustment. */
export const ADJUSTMENT_DAYS_MAX = 3650;

export function isAdjustmentDays(days: number): boolean {
  return Number.isInteger(days) && days !== 0 && Math.abs(days) <= ADJUSTMENT_DAYS_MAX;
}

/**
 * An operator's grant (days > 0) or deduction (days < 0) of one plan type's time. A grant extends
 * like a purchase (from the expiry while it runs, else from now); a deduction moves a running
 * expiry back, never below now, and leaves an ended one as it is (there is nothing to take).
 */
export function adjustMembership(
  membership: Membership,
  planType: ShopGroupType,
  days: number,
  now: number,
): Membership {
  if (!isAdjustmentDays(days)) throw new RangeError(`Not an adjustment: ${days} days`);
  if (days > 0) return extendMembership(membership, planType, daysToMs(days), now);
  const current = expiryOf(membership, planType);
  if (current === null || current <= now) return membership;
  const expiresAt = Math.max(now, current - daysToMs(-days));
  return planType === ShopGroupType.STANDARD
    ? { ...membership, standardExpiresAt: expiresAt }
    : { ...membership, liteExpiresAt: expiresAt };
}
