import { err, ok, type Result } from './result.ts';

/** What identifies a person in a referral: the account, its devices and its payment wallets. */
export interface ReferralParty {
  readonly accountId: string;
  readonly deviceIds: readonly string[];
  readonly walletAddresses: readonly string[];
}

export type SelfReferralReason = 'same_account' | 'same_device' | 'same_wallet';

function overlaps(
  a: readonly string[],
  b: readonly string[],
  key: (value: string) => string,
): boolean {
  const seen = new Set(a.map(key).filter((v) => v !== ''));
  return b.some((value) => {
    const k = key(value);
    return k !== '' && seen.has(k);
  });
}

/**
 * Refuses a referral where the inviter and the invitee are the same person: the same account,
 * a shared device id, or a shared payment wallet (addresses compared case-insensitively). Blank
 * identifiers never match, so a missing device id does not make strangers "the same person".
 */
export function checkSelfReferral(
  inviter: ReferralParty,
  invitee: ReferralParty,
): Result<true, SelfReferralReason> {
  if (inviter.accountId === invitee.accountId) return err('same_account');
  if (overlaps(inviter.deviceIds, invitee.deviceIds, (id) => id.trim())) return err('same_device');
  if (overlaps(inviter.walletAddresses, invitee.walletAddresses, (a) => a.trim().toLowerCase()))
    return err('same_wallet');
  return ok(true);
}

export function isSelfReferral(inviter: ReferralParty, invitee: ReferralParty): boolean {
  return !checkSelfReferral(inviter, invitee).ok;
}
