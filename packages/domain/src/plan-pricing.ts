/**
 * Plan price display. Money is integer minor units of one currency; formatting belongs to i18n.
 */

/** What the plan saves against its original price, never negative. */
export function planSavingsMinor(priceMinor: number, originalPriceMinor: number): number {
  return Math.max(0, originalPriceMinor - priceMinor);
}

/**
 * The discount as a whole percentage of the original price, rounded DOWN so the page never
 * claims more than the real saving ("Save 33 %" for 33.3 %). 0 without an original price.
 */
export function planDiscountPercent(priceMinor: number, originalPriceMinor: number): number {
  if (originalPriceMinor <= 0) return 0;
  return Math.floor((planSavingsMinor(priceMinor, originalPriceMinor) * 100) / originalPriceMinor);
}

/** Average days in a month (365.25 / 12), to name a plan's length in months. */
const DAYS_PER_MONTH = 365.25 / 12;

/** A plan's length in whole months: 30 days is 1, 90 is 3, 365 is 12 (at least 1). */
export function planMonths(durationDays: number): number {
  return Math.max(1, Math.round(durationDays / DAYS_PER_MONTH));
}

/**
 * Price per month, rounded UP to the minor unit so the monthly figure never understates what
 * the plan costs ($59.99 a year shows as $5.00 a month).
 */
export function pricePerMonthMinor(priceMinor: number, months: number): number {
  if (!Number.isInteger(months) || months < 1)
    throw new RangeError(`A plan lasts a whole number of months >= 1, got ${months}`);
  return Math.ceil(priceMinor / months);
}
