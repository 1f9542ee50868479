import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { quoteLiteUpgrade, ShopGroupType } from '@nimbus/domain';
import { membershipOf } from '../accounts/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import type { CatalogServices, PlanRow } from '../plans/index.ts';
import { findMembership } from './membership-store.ts';

/**
 * The Lite-to-Standard conversion a user's membership allows for a plan now (domain lite-upgrade
 * rule), refused with UPGRADE_NOT_AVAILABLE for a Lite plan or without Lite time to convert.
 */
export async function liteUpgradeFor(
  services: Pick<CatalogServices, 'db' | 'config'>,
  userId: number,
  plan: Pick<PlanRow, 'group_type' | 'duration_days'>,
  now: number,
) {
  if (plan.group_type !== ShopGroupType.STANDARD)
    throw new Refusal(ErrorCode.UPGRADE_NOT_AVAILABLE);
  const quote = quoteLiteUpgrade({
    membership: membershipOf(await findMembership(services.db, userId)),
    standardPlanDays: plan.duration_days,
    now,
    conversionPercent: services.config.payments.upgradeConversionPercent,
  });
  if (!quote.ok) throw new Refusal(ErrorCode.UPGRADE_NOT_AVAILABLE);
  return quote.value;
}

// POST /api/payment/payment_upgrade_quote
/**
 * payment_upgrade_quote: the Lite-to-Standard conversion shown before paying (domain
 * lite-upgrade rule); the purchase with `upgrade: true` applies the same rule when paid.
 */
export async function upgradeQuote(
  input: RequestOf<'paymentUpgradeQuote'>,
  ctx: CallContext<CatalogServices>,
): Promise<ResponseOf<'paymentUpgradeQuote'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  const plan = await services.plans.find(input.productId, now);
  if (!plan) throw new Refusal(ErrorCode.PRODUCT_INVALID);
  const quote = await liteUpgradeFor(services, userId, plan, now);
  return {
    productId: String(plan.id),
    liteRemainingSeconds: quote.remainingLiteSeconds,
    conversionPercent: quote.conversionPercent,
    convertedSeconds: quote.convertedStandardSeconds,
    standardExpireTimeAfter: quote.standardExpiresAt,
    price: { amountMinor: plan.price_minor, currency: plan.currency },
  };
}
