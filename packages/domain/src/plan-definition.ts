/**
 * What a plan of the catalogue may be (operators create and edit them: `pnpm ops plans`, the
 * console): a length of 1 to 3650 days, a price not above its original (crossed-out) price, and
 * 1 to 100 devices. Money is integer minor units.
 */
export const PLAN_DAYS_MAX = 3650;
export const PLAN_DEVICES_MAX = 100;
/** The highest price a plan may carry, in minor units ($99,999.99). */
export const PLAN_PRICE_MAX_MINOR = 9_999_999;

export interface PlanFields {
  durationDays: number;
  priceMinor: number;
  originalPriceMinor: number;
  devicesAllowed: number;
}

export type PlanFieldError =
  'days_invalid' | 'amount_invalid' | 'original_below_price' | 'devices_invalid';

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** Every problem of a plan's fields, in the order a form shows them; empty when it is valid. */
export function planFieldErrors(plan: PlanFields): PlanFieldError[] {
  const errors: PlanFieldError[] = [];
  if (!whole(plan.durationDays, 1, PLAN_DAYS_MAX)) errors.push('days_invalid');
  if (
    !whole(plan.priceMinor, 0, PLAN_PRICE_MAX_MINOR) ||
    !whole(plan.originalPriceMinor, 0, PLAN_PRICE_MAX_MINOR)
  )
    errors.push('amount_invalid');
  else if (plan.originalPriceMinor < plan.priceMinor) errors.push('original_below_price');
  if (!whole(plan.devicesAllowed, 1, PLAN_DEVICES_MAX)) errors.push('devices_invalid');
  return errors;
}

/**
 * An amount as an operator types it ("12.99", "12.9", "12") in minor units, or null when it is
 * not one (negative, more than two decimals, letters).
 */
export function parseAmountMinor(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
