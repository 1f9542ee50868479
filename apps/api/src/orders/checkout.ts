import { ErrorCode, type PaymentMethod } from '@nimbus/api-sdk/contract';
import { OrderStatus, type Language } from '@nimbus/domain';
import { paymentProviderFailed, paymentProviderWorks } from '../alerts/index.ts';
import { Refusal } from '../errors/refusal.ts';
import type { CallContext } from '../http/handler.ts';
import { onOrigin, ownRequestOrigin } from '../http/request-origin.ts';
import { requireFeature } from '../settings/index.ts';
import { updateOrder, type OrderRow } from './order-store.ts';
import type { CardMethod } from '../config/payments-config.ts';
import type { OrderServices } from './order-services.ts';

/**
 * The provider that takes a payment method now (as payment_purchase decides), or a refusal: the
 * one configuration names for the method (config/payments-config.ts), when it can charge the
 * order's currency. Crypto needs its networks configured and its switch on
 * (FEATURE_UNAVAILABLE while off). Call it before the order's transaction (it reads the settings).
 */
export async function providerFor(
  services: OrderServices,
  method: PaymentMethod,
  currency?: string,
): Promise<string> {
  if (method === 'crypto') {
    if (!services.orders.crypto) throw new Refusal(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
    await requireFeature(services.settings, 'cryptoPay');
    return 'crypto';
  }
  const name = services.config.payments.methodProviders[method];
  const provider = name === undefined ? undefined : services.orders.providers.get(name);
  if (!provider) throw new Refusal(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
  if (currency !== undefined && provider.takesCurrency?.(currency) === false)
    throw new Refusal(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
  return provider.name;
}

/** The card and wallet methods whose provider can charge at least one of these currencies. */
export function methodsFor(services: OrderServices, currencies: readonly string[]): CardMethod[] {
  return services.config.payments.methods.filter((method) => {
    const name = services.config.payments.methodProviders[method];
    const provider = name === undefined ? undefined : services.orders.providers.get(name);
    return (
      provider !== undefined &&
      (provider.takesCurrency === undefined || currencies.some((c) => provider.takesCurrency?.(c)))
    );
  });
}

/**
 * Gives a pending card/wallet order its provider's hosted checkout, once (a retry reuses it). An
 * order with a promo code whose checkout takes the payment for longer than the order's window
 * (a Stripe session lives 30 minutes at least) expires with the checkout instead: its use is held
 * as long as it can be paid (domain promoUseHeld), so nobody else is given it meanwhile.
 */
export async function withCheckout(
  services: OrderServices,
  order: OrderRow,
  language: Language,
  now: number,
): Promise<OrderRow> {
  if (order.status !== OrderStatus.PENDING || order.checkout_url !== null) return order;
  const provider = services.orders.providers.get(order.provider);
  if (!provider) return order;
  let checkout: Awaited<ReturnType<typeof provider.createCheckout>>;
  try {
    checkout = await provider.createCheckout(order, language, now);
  } catch (error) {
    await paymentProviderFailed(services, { provider: order.provider, error, now }).catch(
      () => false,
    );
    throw error;
  }
  await paymentProviderWorks(services, order.provider, now);
  const expiresAt =
    order.promo_code_id !== null &&
    checkout.expiresAt !== undefined &&
    checkout.expiresAt > order.expires_at
      ? checkout.expiresAt
      : order.expires_at;
  await updateOrder(services.db, order.id, {
    checkout_url: checkout.checkoutUrl,
    provider_ref: checkout.providerRef,
    expires_at: expiresAt,
    updated_at: now,
  });
  return {
    ...order,
    checkout_url: checkout.checkoutUrl,
    provider_ref: checkout.providerRef,
    expires_at: expiresAt,
  };
}

/**
 * Closes the providers' hosted checkouts of orders just closed unpaid (replaced or cancelled,
 * after that transaction committed), so that their buyers cannot pay them there any more: with a
 * promo code, paying a replaced order as well would take a second use. Best effort: a failure is
 * logged, and a payment that still comes is kept (and recorded past a limit, markOrderPaid).
 */
export async function closeCheckouts(
  services: OrderServices,
  orders: readonly OrderRow[],
  log: { warn(details: object, message: string): void },
): Promise<void> {
  for (const order of orders) {
    const provider = services.orders.providers.get(order.provider);
    if (!provider?.closeCheckout || order.checkout_url === null) continue;
    try {
      await provider.closeCheckout(order);
    } catch (error) {
      log.warn({ err: error, orderId: order.public_id }, 'could not close a checkout');
    }
  }
}

/**
 * The origin a checkout URL on this server is given on for this caller: outside production, the
 * one the buyer browses at when it is one of the server's own addresses (`ownRequestOrigin`), so
 * the sandbox checkout and its return to /purchased stay where their session is; else PUBLIC_URL's.
 */
export function checkoutOrigin(
  ctx: Pick<CallContext<OrderServices>, 'request' | 'services'>,
): string | undefined {
  return ctx.services.config.mode === 'production' ? undefined : ownRequestOrigin(ctx.request);
}

/** A stored checkout URL as the caller is given it (see `checkoutOrigin`). */
export function checkoutUrlOn(
  services: OrderServices,
  url: string | null,
  origin: string | undefined,
): string | null {
  return url === null ? null : onOrigin(url, services.config.publicUrl, origin);
}
