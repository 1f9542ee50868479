import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import type { CallContext } from '../http/handler.ts';
import { toContractPlan } from './catalogue.ts';
import type { CatalogServices } from './catalog-services.ts';

// POST /api/payment/payment_shop
/** payment_shop (signed): the goods list, Standard then Lite, optionally one family. */
export async function shop(
  input: RequestOf<'paymentShop'>,
  ctx: CallContext<CatalogServices>,
): Promise<ResponseOf<'paymentShop'>> {
  const rows = await ctx.services.plans.active(ctx.now);
  // The spec's shop group type comes as a number or as the string '1' / '2'.
  const family = input.groupType === undefined ? undefined : Number(input.groupType);
  const items = rows
    .filter((r) => family === undefined || r.group_type === family)
    .map((r) => toContractPlan(r, ctx.language));
  return { items };
}
