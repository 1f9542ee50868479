import { MS_PER_MINUTE, OrderStatus } from '@nimbus/domain';
import { ordersAwaitingCrypto, recheckCryptoOrder } from './providers/crypto/crypto-payment.ts';
import type { OrderServices } from './order-services.ts';
import { expireOrders } from './lifecycle.ts';
import { pendingOrdersToAsk, updateOrder } from './order-store.ts';
import { isIgnored } from './providers/provider.ts';
import { applyPaymentEvent } from './webhooks.ts';

/** A pending order is asked about once its webhook is this late, and again after as long. */
export const RECONCILE_AFTER_MS = 5 * MS_PER_MINUTE;

/**
 * Asks the providers that can be asked (Stripe) about pending orders whose checkout began a
 * while ago: a payment whose webhook is late, or was lost, is applied like its event would have
 * been (the same transaction, the order's status deciding: credited once). Returns how many
 * orders were paid now.
 */
export async function reconcilePendingOrders(
  services: OrderServices,
  now: number,
  batch = 50,
): Promise<number> {
  const askable = [...services.orders.providers.values()].filter((p) => p.lookup !== undefined);
  if (askable.length === 0) return 0;
  // Each pending order is asked once per interval, oldest question first, so a backlog of
  // abandoned checkouts cannot starve newer ones.
  const due = await pendingOrdersToAsk(
    services.db,
    askable.map((p) => p.name),
    now - RECONCILE_AFTER_MS,
    batch,
  );
  let paid = 0;
  for (const order of due) {
    const provider = services.orders.providers.get(order.provider);
    // One unreachable provider must not stop the rest of the job.
    const event = await provider?.lookup?.(order).catch(() => undefined);
    if (provider && event && !isIgnored(event)) {
      if ((await applyPaymentEvent(services, provider.name, event, now)) === 'applied') paid++;
      continue;
    }
    await updateOrder(services.db, order.id, { updated_at: now }, OrderStatus.PENDING);
  }
  return paid;
}

/**
 * The periodic payment work (run with the pruning job): pending card and wallet orders are
 * checked with their provider, transactions offered for crypto orders are checked again, so an order is credited once its confirmations arrive even when nobody is
 * polling; then pending orders past their time are closed.
 */
export async function runPaymentJobs(
  services: OrderServices,
  now: number,
): Promise<{ confirmed: number; expired: number }> {
  let confirmed = await reconcilePendingOrders(services, now);
  if (services.orders.crypto) {
    const waiting = await ordersAwaitingCrypto(services.db, 100);
    for (const order of waiting) {
      // One unreachable RPC must not stop the rest of the job.
      const status = await recheckCryptoOrder(services, order, now).catch(() => undefined);
      if (status === OrderStatus.PAID) confirmed++;
    }
  }
  const expired = await expireOrders(services, now);
  return { confirmed, expired };
}
