import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { validatePromoCode } from '@nimbus/domain';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { checkPromo } from './promo-codes.ts';
import type { CatalogServices } from '../plans/index.ts';

// POST /api/payment/payment_coupon
/**
 * payment_coupon: what a promo code takes off a plan for this user, by the domain rule, with the
 * message of each refusal. It reserves nothing: the purchase checks again under a lock.
 */
export async function coupon(
  input: RequestOf<'paymentCoupon'>,
  ctx: CallContext<CatalogServices>,
): Promise<ResponseOf<'paymentCoupon'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  const code = validatePromoCode(input.code);
  if (!code.ok) throw validationRefusal(code.error);
  const plan = await services.plans.find(input.productId, now);
  if (!plan) throw new Refusal(ErrorCode.PRODUCT_INVALID);
  const promo = await checkPromo(services.db, services.dialect, {
    code: code.value,
    userId,
    plan,
    now,
    lock: false,
  });
  return {
    code: promo.application.code,
    productId: String(plan.id),
    discountMinor: promo.application.discountMinor,
    priceMinor: promo.application.finalMinor,
    currency: promo.application.currency,
    percentOff: promo.percentOff,
  };
}
