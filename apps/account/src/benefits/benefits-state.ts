import { hasBenefitsNew } from '@nimbus/domain';

export type BenefitsState =
  | { readonly kind: 'active'; readonly until: number }
  /** Had benefits (a yearly plan) that ran out on `at`. */
  | { readonly kind: 'expired'; readonly at: number }
  | { readonly kind: 'none' };

/** Whether the user sees their benefit items, and otherwise why not (spec: hasBenefitsNew). */
export function benefitsState(
  user: { readonly benefitsExpireTime: number },
  now: number,
): BenefitsState {
  if (hasBenefitsNew(user, now)) return { kind: 'active', until: user.benefitsExpireTime };
  return user.benefitsExpireTime > 0
    ? { kind: 'expired', at: user.benefitsExpireTime }
    : { kind: 'none' };
}
