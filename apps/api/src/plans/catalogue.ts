import type { Plan } from '@nimbus/api-sdk/contract';
import {
  GROUP_BUY_SIZES,
  groupUnitPriceMinor,
  parseProductId,
  planDiscountPercent,
  planMonths,
  planSavingsMinor,
  ShopGroupType,
  type Language,
} from '@nimbus/domain';
import { translate } from '@nimbus/i18n/server';
import type { Db } from '../db/database.ts';
import { listPlans, type PlanRow } from './store.ts';

const names = new Map<string, string>();

/** A plan's name as shown in the shop, order history and checkout: "Standard · 12 months". */
export function productName(language: Language, groupType: number, durationDays: number): string {
  // The catalogues are static: each name is formatted once (order history lists many rows).
  const key = `${language}|${groupType}|${durationDays}`;
  let name = names.get(key);
  if (name === undefined) {
    name = formatProductName(language, groupType, durationDays);
    names.set(key, name);
  }
  return name;
}

function formatProductName(language: Language, groupType: number, durationDays: number): string {
  const plan = translate(
    language,
    groupType === ShopGroupType.LITE ? 'pricing:plan_lite' : 'pricing:plan_standard',
  );
  const duration = translate(language, 'pricing:duration_months', {
    count: planMonths(durationDays),
  });
  return translate(language, 'pricing:product_name', { plan, duration });
}

/** The goods list as the contract describes it; prices and savings derive from the plan row. */
export function toContractPlan(row: PlanRow, language: Language): Plan {
  return {
    productId: String(row.id),
    groupType: row.group_type as ShopGroupType,
    name: productName(language, row.group_type, row.duration_days),
    durationDays: row.duration_days,
    priceMinor: row.price_minor,
    originalPriceMinor: row.original_price_minor,
    currency: row.currency,
    savingsMinor: planSavingsMinor(row.price_minor, row.original_price_minor),
    discountPercent: planDiscountPercent(row.price_minor, row.original_price_minor),
    devicesAllowed: row.devices_allowed,
    recommended: row.recommended === 1,
    groupBuy:
      row.group_buy === 1
        ? GROUP_BUY_SIZES.map((size) => ({
            size,
            unitPriceMinor: groupUnitPriceMinor(row.price_minor, size),
          }))
        : [],
  };
}

/**
 * The active plans, cached for a few seconds: the shop is the most requested call of the
 * pricing pages, and plans change rarely (an operator's price change shows within the TTL).
 */
export class PlanCatalogue {
  private cache: { at: number; rows: PlanRow[] } | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
  ) {}

  async active(now: number): Promise<PlanRow[]> {
    if (this.cache && now - this.cache.at < this.ttlMs && now >= this.cache.at)
      return this.cache.rows;
    const rows = await listPlans(this.db, 'active');
    this.cache = { at: now, rows };
    return rows;
  }

  /** A plan that can be bought now, or undefined (unknown or withdrawn product id). */
  async find(productId: string, now: number): Promise<PlanRow | undefined> {
    const id = parseProductId(productId);
    if (!id.ok) return undefined;
    return (await this.active(now)).find((p) => p.id === id.value);
  }

  invalidate(): void {
    this.cache = undefined;
  }
}
