import { FREE_TRIAL_MINUTES, INVITED_TRIAL_MINUTES_DEFAULT } from './constants.ts';
import { minutesToMs } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import { expiryOf, extendMembership, type Membership } from './membership.ts';
import { err, ok, type Result } from './result.ts';

export interface TrialGrant {
  readonly membership: Membership;
  readonly planType: ShopGroupType;
  readonly durationMs: number;
  readonly expiresAt: number;
}

export type FreeTrialRefusal = 'trial_used_by_account' | 'trial_used_by_device';

/**
 * The 15-minute trial of the trial button: once per account AND once per device id, so neither
 * a new account on the same phone nor the same account on a new phone gets it again. The
 * account reason wins when both apply (it is the one the user can act on: "you already used it").
 */
export function checkFreeTrial(input: {
  readonly accountUsedTrial: boolean;
  readonly deviceUsedTrial: boolean;
}): Result<true, FreeTrialRefusal> {
  if (input.accountUsedTrial) return err('trial_used_by_account');
  if (input.deviceUsedTrial) return err('trial_used_by_device');
  return ok(true);
}

function grant(
  membership: Membership,
  planType: ShopGroupType,
  durationMs: number,
  now: number,
): TrialGrant {
  const next = extendMembership(membership, planType, durationMs, now);
  return {
    membership: next,
    planType,
    durationMs,
    expiresAt: expiryOf(next, planType) ?? now + durationMs,
  };
}

/** Grants the free trial (Standard time unless told otherwise) through the extension rule. */
export function grantFreeTrial(input: {
  readonly accountUsedTrial: boolean;
  readonly deviceUsedTrial: boolean;
  readonly membership: Membership;
  readonly now: number;
  readonly planType?: ShopGroupType;
}): Result<TrialGrant, FreeTrialRefusal> {
  const allowed = checkFreeTrial(input);
  if (!allowed.ok) return allowed;
  return ok(
    grant(
      input.membership,
      input.planType ?? ShopGroupType.STANDARD,
      minutesToMs(FREE_TRIAL_MINUTES),
      input.now,
    ),
  );
}

export type InvitedTrialRefusal =
  | 'no_invite_code'
  | 'invite_code_invalid'
  | 'contact_not_verified'
  | 'trial_used_by_device'
  | 'trial_limit_reached';

/**
 * The invited friend's trial, granted at registration with an invite code that belongs to a real
 * inviter (the caller looks the code up and runs the self-referral check before). Only an account
 * whose e-mail or phone was verified gets it: a username is free to make by the thousand, a
 * verified address is not. It is also once per device, and within the caps of the anonymous
 * trial per client address (`withinTrialCap`), so a farm of new accounts on one phone or one
 * address does not turn into endless free time. `minutes` is configurable (default 180, the KOL
 * text's "3 hours").
 */
export function grantInvitedTrial(input: {
  readonly inviteCode: string | null;
  readonly inviterExists: boolean;
  /** The account's e-mail or phone number was proven by a code (not a username-only account). */
  readonly contactVerified: boolean;
  readonly deviceUsedInvitedTrial: boolean;
  /** Trials from this client address are still below the anonymous trial's cap. */
  readonly withinTrialCap: boolean;
  readonly membership: Membership;
  readonly now: number;
  readonly minutes?: number;
  readonly planType?: ShopGroupType;
}): Result<TrialGrant, InvitedTrialRefusal> {
  const minutes = input.minutes ?? INVITED_TRIAL_MINUTES_DEFAULT;
  if (!Number.isInteger(minutes) || minutes <= 0)
    throw new RangeError(`Invited trial minutes must be a positive integer, got ${minutes}`);
  if (input.inviteCode === null) return err('no_invite_code');
  if (!input.inviterExists) return err('invite_code_invalid');
  if (!input.contactVerified) return err('contact_not_verified');
  if (input.deviceUsedInvitedTrial) return err('trial_used_by_device');
  if (!input.withinTrialCap) return err('trial_limit_reached');
  return ok(
    grant(
      input.membership,
      input.planType ?? ShopGroupType.STANDARD,
      minutesToMs(minutes),
      input.now,
    ),
  );
}
