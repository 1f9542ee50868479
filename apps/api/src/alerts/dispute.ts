import type { Db } from '../db/database.ts';
import { raiseAlert, type AlertServices } from './raise.ts';

/**
 * A buyer's bank took a payment back: the operators are told once per order, in the transaction
 * that takes the membership back (a dispute event delivered twice alerts once).
 */
export async function alertDispute(
  services: AlertServices,
  trx: Db,
  dispute: {
    orderId: string;
    provider: string;
    amountMinor: number;
    currency: string;
    now: number;
  },
): Promise<boolean> {
  const { orderId, provider, amountMinor, currency } = dispute;
  const amount = `${(amountMinor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return raiseAlert(services, trx, {
    key: `dispute:${orderId}`,
    kind: 'dispute',
    now: dispute.now,
    text: (t) => t.dispute({ orderId, amount, provider }),
  });
}
