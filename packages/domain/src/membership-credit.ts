import { ShopGroupType } from './enums.ts';
import { hasActiveMembership, type Membership } from './membership.ts';

/** 12 months or more of Standard makes a yearly paid user (benefits until the Standard expiry). */
export const YEARLY_PLAN_MIN_DAYS = 365;

/** A plan's worth of time given to one user: what was bought, and whether it was paid for. */
export interface PlanCredit {
  readonly groupType: ShopGroupType;
  readonly durationDays: number;
  /** The devices the plan allows. */
  readonly devicesAllowed: number;
  /** A paid purchase; false for gifts such as redeem codes (no yearly benefits). */
  readonly purchase: boolean;
}

/** The time a credit added to each expiry (ms); Lite is negative when an upgrade converted it. */
export interface CreditedTime {
  readonly standardMs: number;
  readonly liteMs: number;
}

/** Whether a credit makes the user a yearly paid user: 12 months or more of Standard, paid for. */
export function earnsYearlyBenefits(
  credit: Pick<PlanCredit, 'groupType' | 'durationDays' | 'purchase'>,
): boolean {
  return (
    credit.purchase &&
    credit.groupType === ShopGroupType.STANDARD &&
    credit.durationDays >= YEARLY_PLAN_MIN_DAYS
  );
}

/**
 * The devices allowed after a credit: the plan's number, never lowered while earlier time still
 * runs (a member on a larger plan keeps its devices); once everything ran out, the new plan's.
 */
export function devicesAllowedAfterCredit(
  credit: Pick<PlanCredit, 'devicesAllowed'>,
  user: { readonly membership: Membership; readonly devicesAllowed: number },
  now: number,
): number {
  return Math.max(
    credit.devicesAllowed,
    hasActiveMembership(user.membership, now) ? user.devicesAllowed : 0,
  );
}

/** The time an expiry gained from `before` to `after` (from now when it had run out). */
export function creditedMs(before: number | null, after: number | null, now: number): number {
  return after === null ? 0 : after - Math.max(now, before ?? now);
}

/** What a credit added to each expiry, to be taken back on refund. */
export function creditedTime(before: Membership, after: Membership, now: number): CreditedTime {
  return {
    standardMs: creditedMs(before.standardExpiresAt, after.standardExpiresAt, now),
    liteMs: creditedMs(before.liteExpiresAt, after.liteExpiresAt, now),
  };
}

function expiryWithout(expiry: number | null, creditedMs: number, now: number): number | null {
  if (creditedMs === 0 || expiry === null) return expiry;
  // Negative credit (converted Lite) is given back from now or the current expiry.
  if (creditedMs < 0) return Math.max(now, expiry) - creditedMs;
  return Math.max(now, expiry - creditedMs);
}

/**
 * Takes back what a refunded credit added: each expiry moves back by the time it gained, never
 * below now (time already used is not clawed into the past); Lite time an upgrade converted is
 * given back. The yearly benefits end with the Standard time they came with.
 */
export function reverseCredit(
  user: { readonly membership: Membership; readonly benefitsExpiresAt: number | null },
  credited: CreditedTime,
  now: number,
): { membership: Membership; benefitsExpiresAt: number | null } {
  const membership: Membership = {
    standardExpiresAt: expiryWithout(user.membership.standardExpiresAt, credited.standardMs, now),
    liteExpiresAt: expiryWithout(user.membership.liteExpiresAt, credited.liteMs, now),
  };
  const benefitsExpiresAt =
    user.benefitsExpiresAt === null || membership.standardExpiresAt === null
      ? user.benefitsExpiresAt
      : Math.min(user.benefitsExpiresAt, membership.standardExpiresAt);
  return { membership, benefitsExpiresAt };
}
