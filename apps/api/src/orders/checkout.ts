import { ErrorCode, type PaymentMethod } from '@nimbus/api-sdk/contract';
import { OrderStatus, type Language } from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import type { OrderRow } from './order-hooks.ts';
import type { OrderServices } from './order-services.ts';

/** The provider that takes a payment method now (as payment_purchase decides), or a refusal. */
export function providerFor(services: OrderServices, method: PaymentMethod): string {
  if (method === 'crypto') {
    if (!services.orders.crypto) throw new Refusal(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
    return 'crypto';
  }
  if (!services.config.payments.methods.includes(method))
    throw new Refusal(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
  return services.orders.sandbox.name;
}

/** Gives a pending card/wallet order its provider's hosted checkout, once (a retry reuses it). */
export async function withCheckout(
  services: OrderServices,
  order: OrderRow,
  language: Language,
  now: number,
): Promise<OrderRow> {
  if (order.status !== OrderStatus.PENDING || order.checkout_url !== null) return order;
  const provider = services.orders.providers.get(order.provider);
  if (!provider) return order;
  const checkout = await provider.createCheckout(order, language);
  await services.db
    .updateTable('orders')
    .set({
      checkout_url: checkout.checkoutUrl,
      provider_ref: checkout.providerRef,
      updated_at: now,
    })
    .where('id', '=', order.id)
    .execute();
  return { ...order, checkout_url: checkout.checkoutUrl, provider_ref: checkout.providerRef };
}
