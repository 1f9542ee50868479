import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { quoteLiteUpgrade, ShopGroupType } from '@nimbus/domain';
import { membershipOf } from '../users/user-store.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import type { CatalogServices } from '../catalog/catalog-services.ts';

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
  if (plan.group_type !== ShopGroupType.STANDARD)
    throw new Refusal(ErrorCode.UPGRADE_NOT_AVAILABLE);
  const user = await services.db
    .selectFrom('users')
    .select(['standard_expires_at', 'lite_expires_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const quote = quoteLiteUpgrade({
    membership: membershipOf(user),
    standardPlanDays: plan.duration_days,
    now,
    conversionPercent: services.config.payments.upgradeConversionPercent,
  });
  if (!quote.ok) throw new Refusal(ErrorCode.UPGRADE_NOT_AVAILABLE);
  return {
    productId: String(plan.id),
    liteRemainingSeconds: quote.value.remainingLiteSeconds,
    conversionPercent: quote.value.conversionPercent,
    convertedSeconds: quote.value.convertedStandardSeconds,
    standardExpireTimeAfter: quote.value.standardExpiresAt,
    price: { amountMinor: plan.price_minor, currency: plan.currency },
  };
}
