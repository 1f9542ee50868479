import { OrderStatus } from '@nimbus/domain';
import { writeAudit } from '../audit/audit.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { OrderServices } from './order-services.ts';
import { lockOrder, markOrderClosed, markOrderPaid, markOrderRefunded } from './lifecycle.ts';
import type { PaymentEvent } from './providers/provider.ts';

export type EventOutcome =
  'duplicate' | 'unknown_order' | 'amount_mismatch' | 'applied' | 'no_change' | 'wrong_provider';

/**
 * Applies a verified provider event in one transaction. The event id is claimed first by a
 * unique key (provider, event_id): of any number of deliveries of one event, concurrent or
 * not, exactly one gets past the claim, so an order is credited once. The order row is locked
 * while its status changes, so two different events of one order apply one after the other.
 */
export async function applyPaymentEvent(
  services: OrderServices,
  provider: string,
  event: PaymentEvent,
  now: number,
): Promise<EventOutcome> {
  try {
    return await services.db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('payment_events')
        .values({
          provider,
          event_id: event.eventId,
          order_id: null,
          type: event.type,
          outcome: 'processing',
          received_at: now,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';

      const order = await lockOrder(trx, services.dialect, { publicId: event.orderId });
      let outcome: EventOutcome;
      if (!order) outcome = 'unknown_order';
      else if (order.provider !== provider) outcome = 'wrong_provider';
      else if (
        event.type === 'paid' &&
        (event.amountMinor !== order.amount_minor || event.currency !== order.currency)
      ) {
        outcome = 'amount_mismatch';
        await writeAudit(trx, {
          actor: 'system',
          action: 'order.payment_mismatch',
          subjectType: 'order',
          subjectId: order.public_id,
          data: {
            provider,
            eventId: event.eventId,
            paidMinor: event.amountMinor,
            paidCurrency: event.currency,
            expectedMinor: order.amount_minor,
            expectedCurrency: order.currency,
          },
          at: now,
        });
      } else {
        const change = {
          trx,
          services,
          order,
          now,
          actor: 'system' as const,
          source: `webhook:${provider}`,
        };
        let changed: boolean;
        if (event.type === 'paid') changed = await markOrderPaid(change);
        else if (event.type === 'failed')
          changed = await markOrderClosed(change, OrderStatus.FAILED);
        else changed = await markOrderRefunded(change, event.eventId);
        outcome = changed ? 'applied' : 'no_change';
      }
      await trx
        .updateTable('payment_events')
        .set({ order_id: order?.id ?? null, outcome })
        .where('provider', '=', provider)
        .where('event_id', '=', event.eventId)
        .execute();
      return outcome;
    });
  } catch (error) {
    // PostgreSQL: a concurrent delivery of the same event that committed first.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
