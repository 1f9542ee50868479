import { isExpiryActive } from '@nimbus/domain';

export type ExpiryState =
  | { readonly kind: 'none' }
  | { readonly kind: 'active'; readonly at: number }
  | { readonly kind: 'expired'; readonly at: number };

/** How one plan's expiry reads: never had it (0), running until a date, or ended on a date. */
export function expiryState(expireTime: number, now: number): ExpiryState {
  if (expireTime <= 0) return { kind: 'none' };
  return isExpiryActive(expireTime, now)
    ? { kind: 'active', at: expireTime }
    : { kind: 'expired', at: expireTime };
}

/** The name a user signed up with, for the account card: username, else e-mail, else phone. */
export function accountName(user: {
  readonly username: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}): string | null {
  return user.username ?? user.email ?? user.phone;
}
