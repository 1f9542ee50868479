import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { hasBenefits, hasBenefitsNew } from '@nimbus/domain';
import { formatDate } from '@nimbus/i18n/server';
import { findUserById } from '../accounts/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { benefitSecrets, listBenefitItems, listBenefitOffers } from './store.ts';

// POST /api/system/system_benefits
/** system_benefits: the public offer, what yearly members get (no secrets). */
export async function benefitOffers(
  _input: RequestOf<'systemBenefits'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemBenefits'>> {
  return { items: await listBenefitOffers(ctx.services.db) };
}

// POST /api/system/system_user_benefits
/**
 * system_user_benefits: the shared accounts, for a yearly paid user whose benefits run
 * (domain hasBenefits and hasBenefitsNew). Anyone else gets NO_BENEFITS; when the benefits
 * ran out, the message says when, so the page can offer the renewal.
 */
export async function userBenefits(
  _input: RequestOf<'systemUserBenefits'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemUserBenefits'>> {
  const { services, now, language } = ctx;
  const user = await findUserById(services.db, callerOf(ctx).userId);
  if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
  const flags = {
    yearlyPaidUser: user.yearly_paid_user,
    benefitsExpireTime: user.benefits_expires_at,
  };
  if (!hasBenefits(flags) || !hasBenefitsNew(flags, now)) {
    const expiredAt = user.benefits_expires_at;
    if (expiredAt !== null && expiredAt > 0 && expiredAt <= now) {
      throw new Refusal(ErrorCode.NO_BENEFITS, {
        message: 'benefits:expired',
        vars: { date: formatDate(expiredAt, language, { timeZone: 'UTC' }) },
      });
    }
    throw new Refusal(ErrorCode.NO_BENEFITS);
  }
  return {
    benefitsExpireTime: user.benefits_expires_at ?? 0,
    items: await listBenefitItems(services.db, benefitSecrets(services.secret)),
  };
}
