import { ShopGroupType, YesNo } from './enums.ts';

/**
 * A user's membership: Standard and Lite time run separately, each as an expiry instant
 * (UTC ms), null when the user never had that plan.
 */
export interface Membership {
  readonly standardExpiresAt: number | null;
  readonly liteExpiresAt: number | null;
}

export const NO_MEMBERSHIP: Membership = { standardExpiresAt: null, liteExpiresAt: null };

function assertDuration(durationMs: number): void {
  if (!Number.isFinite(durationMs) || durationMs < 0)
    throw new RangeError(`A duration must be a finite non-negative number, got ${durationMs}`);
}

/**
 * The new expiry after adding time: counted from the current expiry while it is still in the
 * future (nobody loses the days they already have), otherwise from now (expired time is not
 * back-filled).
 */
export function extendExpiry(
  currentExpiresAt: number | null,
  durationMs: number,
  now: number,
): number {
  assertDuration(durationMs);
  return Math.max(now, currentExpiresAt ?? now) + durationMs;
}

export function expiryOf(membership: Membership, planType: ShopGroupType): number | null {
  return planType === ShopGroupType.STANDARD
    ? membership.standardExpiresAt
    : membership.liteExpiresAt;
}

/** Adds time to one plan type, leaving the other untouched. */
export function extendMembership(
  membership: Membership,
  planType: ShopGroupType,
  durationMs: number,
  now: number,
): Membership {
  const expiresAt = extendExpiry(expiryOf(membership, planType), durationMs, now);
  return planType === ShopGroupType.STANDARD
    ? { ...membership, standardExpiresAt: expiresAt }
    : { ...membership, liteExpiresAt: expiresAt };
}

/** Whether an expiry is still in the future (the expiry instant itself is already expired). */
export function isExpiryActive(expiresAt: number | null | undefined, now: number): boolean {
  return expiresAt != null && expiresAt > now;
}

/** Milliseconds left before an expiry, never negative. */
export function remainingMs(expiresAt: number | null | undefined, now: number): number {
  return expiresAt == null ? 0 : Math.max(0, expiresAt - now);
}

/** The plan types whose time is running, Standard first. */
export function activePlanTypes(membership: Membership, now: number): readonly ShopGroupType[] {
  const types: ShopGroupType[] = [];
  if (isExpiryActive(membership.standardExpiresAt, now)) types.push(ShopGroupType.STANDARD);
  if (isExpiryActive(membership.liteExpiresAt, now)) types.push(ShopGroupType.LITE);
  return types;
}

/** Whether the user has any membership time left (Standard or Lite). */
export function hasActiveMembership(membership: Membership, now: number): boolean {
  return activePlanTypes(membership, now).length > 0;
}

/** The node permission in force: Standard wins while it runs, then Lite, else none. */
export function nodePermission(membership: Membership, now: number): ShopGroupType | null {
  return activePlanTypes(membership, now)[0] ?? null;
}

/** hasBenefits: the user is a yearly paid user (spec section 3). */
export function hasBenefits(user: { readonly yearlyPaidUser: number }): boolean {
  return user.yearlyPaidUser === YesNo.YES;
}

/** hasBenefitsNew: the user's benefits expire in the future. */
export function hasBenefitsNew(
  user: { readonly benefitsExpireTime: number | null | undefined },
  now: number,
): boolean {
  return isExpiryActive(user.benefitsExpireTime, now);
}
