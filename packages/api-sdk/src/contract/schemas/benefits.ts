import { Type, type Static } from 'typebox';
import { Id, NoInput, TimestampOrZero } from './common.ts';

/** A benefit yearly members get (the catalogue shown to everyone). */
export const BenefitOffer = Type.Object({
  benefitId: Id,
  name: Type.String(),
  link: Type.String(),
});
export type BenefitOffer = Static<typeof BenefitOffer>;

/** A shared account handed to an entitled member (spec section 3, "Benefit item"). */
export const BenefitItem = Type.Object({
  benefitId: Id,
  name: Type.String(),
  accountName: Type.String(),
  password: Type.String(),
  link: Type.String(),
});
export type BenefitItem = Static<typeof BenefitItem>;

export const BenefitsResponse = Type.Object({ items: Type.Array(BenefitOffer) });
/** Only for yearly paid users with unexpired benefits; others get NO_BENEFITS. */
export const UserBenefitsResponse = Type.Object({
  benefitsExpireTime: TimestampOrZero,
  items: Type.Array(BenefitItem),
});

export const benefits = {
  systemBenefits: { request: NoInput, response: BenefitsResponse },
  systemUserBenefits: { request: NoInput, response: UserBenefitsResponse },
} as const;
