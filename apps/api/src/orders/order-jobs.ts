import { OrderStatus } from '@nimbus/domain';
import { recheckCryptoOrder } from './providers/crypto/crypto-payment.ts';
import type { OrderServices } from './order-services.ts';
import { expireOrders } from './lifecycle.ts';

/**
 * The periodic payment work (run with the pruning job): transactions offered for crypto orders
 * are checked again, so an order is credited once its confirmations arrive even when nobody is
 * polling; then pending orders past their time are closed.
 */
export async function runPaymentJobs(
  services: OrderServices,
  now: number,
): Promise<{ confirmed: number; expired: number }> {
  let confirmed = 0;
  if (services.orders.crypto) {
    const waiting = await services.db
      .selectFrom('crypto_transactions')
      .innerJoin('orders', 'orders.id', 'crypto_transactions.order_id')
      .selectAll('orders')
      .where('crypto_transactions.status', '=', 'pending')
      .where('orders.status', 'in', [OrderStatus.PENDING, OrderStatus.EXPIRED])
      .limit(100)
      .execute();
    for (const order of waiting) {
      // One unreachable RPC must not stop the rest of the job.
      const status = await recheckCryptoOrder(services, order, now).catch(() => undefined);
      if (status === OrderStatus.PAID) confirmed++;
    }
  }
  const expired = await expireOrders(services, now);
  return { confirmed, expired };
}
