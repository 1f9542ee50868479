import { minutesToMs } from './duration.ts';
import { OrderStatus, PromoKind } from './enums.ts';
import { err, ok, type Result } from './result.ts';

/**
 * How long an unpaid order holds its promo code use (its checkout window), by default: long
 * enough to pay, short enough that nobody can sit on a limited code's uses.
 */
export const PROMO_HOLD_MINUTES_DEFAULT = 15;

/** The order statuses whose promo code use counts for good: it was paid for (and refunded since). */
export const PROMO_USE_KEPT_STATUSES: readonly OrderStatus[] = [
  OrderStatus.PAID,
  OrderStatus.REFUNDED,
];

/**
 * Whether an order's promo code reservation holds the code's use at `now`: a paid (or refunded)
 * order's for good; an unpaid one's while the order can still be paid, until its own expiry
 * (`expiresAt`, the checkout window fixed when it was made, promoOrderExpiresAt, or the
 * provider's checkout when that lives longer), whatever the window setting says by now; a
 * failed, expired or cancelled one's not at all. A user holds at most one unpaid reservation per
 * code: a new order with the code replaces the earlier unpaid one (the caller closes it).
 */
export function promoUseHeld(
  order: { readonly status: OrderStatus; readonly expiresAt: number },
  now: number,
): boolean {
  if (PROMO_USE_KEPT_STATUSES.includes(order.status)) return true;
  return order.status === OrderStatus.PENDING && now < order.expiresAt;
}

/**
 * Whether a new order with a promo code may replace (expire) the buyer's earlier unpaid one with
 * the code: yes, unless the earlier one waits at a checkout its provider cannot close (EPay) and
 * still holds the use. Such a checkout stays payable at the gateway after the order is closed
 * here, so paying both would take a once-per-user code twice: the buyer pays that checkout or
 * orders again once it has expired (its reservation window), and never pays twice.
 */
export function promoOrderReplaceable(
  order: {
    readonly status: OrderStatus;
    readonly expiresAt: number;
    /** The provider can close its checkout (Stripe), or the order never reached one. */
    readonly checkoutClosable: boolean;
  },
  now: number,
): boolean {
  return order.checkoutClosable || !promoUseHeld(order, now);
}

/**
 * When an order with a promo code expires: with its reservation (the checkout window), or at
 * the ordinary order expiry when that comes first. An order that could still be paid after its
 * reservation lapsed would let more buyers than the code's limit pay with it.
 */
export function promoOrderExpiresAt(
  createdAt: number,
  orderExpiryMinutes: number,
  holdMinutes: number = PROMO_HOLD_MINUTES_DEFAULT,
): number {
  return createdAt + Math.min(minutesToMs(orderExpiryMinutes), holdMs(holdMinutes));
}

function holdMs(holdMinutes: number): number {
  if (!Number.isInteger(holdMinutes) || holdMinutes <= 0)
    throw new RangeError(`Promo hold minutes must be a positive integer, got ${holdMinutes}`);
  return minutesToMs(holdMinutes);
}

/** Promo codes are case-insensitive: stored and looked up trimmed and upper-case. */
export function normalisePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** The promo code field: required ("Enter your promo code to continue."). */
export function validatePromoCode(input: string): Result<string, 'promo_code_required'> {
  const code = normalisePromoCode(input);
  return code === '' ? err('promo_code_required') : ok(code);
}

export interface PromoCode {
  readonly code: string;
  /** False once an operator switches the code off. */
  readonly active: boolean;
  readonly kind: PromoKind;
  /** percent: a whole percentage 1-100; fixed: an amount in minor units of `currency`. */
  readonly value: number;
  /** Currency of a fixed amount; ignored for percentages. */
  readonly currency: string | null;
  /** Valid from this instant (inclusive), or from the start when null. */
  readonly startsAt: number | null;
  /** Valid until this instant (exclusive), or forever when null. */
  readonly endsAt: number | null;
  /** Redemptions allowed across all users, or unlimited when null. */
  readonly maxUses: number | null;
  /** Redemptions allowed per user, or unlimited when null. */
  readonly maxUsesPerUser: number | null;
  /** Plan ids it applies to, or every plan when null. */
  readonly planIds: readonly number[] | null;
}

export interface PromoOrder {
  readonly planId: number;
  readonly priceMinor: number;
  readonly currency: string;
}

/** The uses of the code held now (promoUseHeld): in total, and by this user. */
export interface PromoUsage {
  readonly totalUses: number;
  readonly userUses: number;
}

export type PromoError =
  | 'promo_invalid'
  | 'promo_not_started'
  | 'promo_expired'
  | 'promo_not_applicable'
  | 'promo_used_up'
  | 'promo_user_limit';

export interface PromoApplication {
  readonly code: string;
  readonly originalMinor: number;
  readonly discountMinor: number;
  readonly finalMinor: number;
  readonly currency: string;
}

function isWellFormed(promo: PromoCode): boolean {
  if (!Number.isSafeInteger(promo.value) || promo.value <= 0) return false;
  return promo.kind === PromoKind.PERCENT ? promo.value <= 100 : promo.currency !== null;
}

/**
 * Applies a promo code to an order (`promo` undefined: no such code). The discount of a
 * percentage code is rounded down to the minor unit, so the customer never pays less than the
 * exact percentage would allow and the final amount never goes below zero; a fixed amount is
 * capped at the price. The final amount can be 0 (a 100 % code): the caller completes such an
 * order without a payment provider.
 */
export function applyPromoCode(
  promo: PromoCode | undefined,
  order: PromoOrder,
  usage: PromoUsage,
  now: number,
): Result<PromoApplication, PromoError> {
  if (promo === undefined || !promo.active || !isWellFormed(promo)) return err('promo_invalid');
  if (promo.startsAt !== null && now < promo.startsAt) return err('promo_not_started');
  if (promo.endsAt !== null && now >= promo.endsAt) return err('promo_expired');
  if (promo.planIds !== null && !promo.planIds.includes(order.planId))
    return err('promo_not_applicable');
  if (promo.kind === PromoKind.FIXED && promo.currency !== order.currency)
    return err('promo_not_applicable');
  if (promo.maxUses !== null && usage.totalUses >= promo.maxUses) return err('promo_used_up');
  if (promo.maxUsesPerUser !== null && usage.userUses >= promo.maxUsesPerUser)
    return err('promo_user_limit');

  const discount =
    promo.kind === PromoKind.PERCENT
      ? Math.floor((order.priceMinor * promo.value) / 100)
      : Math.min(promo.value, order.priceMinor);
  return ok({
    code: promo.code,
    originalMinor: order.priceMinor,
    discountMinor: discount,
    finalMinor: order.priceMinor - discount,
    currency: order.currency,
  });
}

/**
 * Whether a code's uses held now (promoUseHeld, the order being paid included) are past its
 * limits. A new order never takes a code there (applyPromoCode refuses the use); a payment can:
 * it is kept at the price paid, also when it arrives after its order's reservation ended (expired,
 * replaced, cancelled, failed) and others took the use meanwhile. The caller records it.
 */
export function promoUsesOverLimit(
  promo: Pick<PromoCode, 'maxUses' | 'maxUsesPerUser'>,
  usage: PromoUsage,
): boolean {
  return (
    (promo.maxUses !== null && usage.totalUses > promo.maxUses) ||
    (promo.maxUsesPerUser !== null && usage.userUses > promo.maxUsesPerUser)
  );
}
