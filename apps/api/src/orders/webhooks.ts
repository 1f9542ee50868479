import { OrderStatus } from '@nimbus/domain';
import { alertDispute } from '../alerts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { isUniqueViolation } from '../db/database.ts';
import { retryAborted } from '../db/retry.ts';
import type { OrderServices } from './order-services.ts';
import { markOrderClosed, markOrderPaid, markOrderRefunded } from './lifecycle.ts';
import { findOrder, lockOrder, updateOrder } from './order-store.ts';
import type { PaymentEvent } from './providers/provider.ts';

export type EventOutcome =
  | 'duplicate'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'applied'
  | 'no_change'
  | 'wrong_provider'
  | 'not_ready';

/** Thrown inside the transaction to undo the event's claim: the provider is to send it again. */
class NotReady extends Error {}

async function eventOrder(
  trx: Parameters<typeof lockOrder>[0],
  services: OrderServices,
  provider: string,
  event: PaymentEvent,
) {
  const { dialect, orders } = services;
  if (event.orderId !== undefined)
    return lockOrder(trx, dialect, { publicId: event.orderId }, orders.hooks.party);
  if (event.paymentRef === undefined) return undefined;
  const row = await findOrder(trx, { provider, paymentRef: event.paymentRef });
  return row ? lockOrder(trx, dialect, { id: row.id }, orders.hooks.party) : undefined;
}

/**
 * Applies a verified provider event in one transaction. The event id is claimed first by a
 * unique key (provider, event_id): of any number of deliveries of one event, concurrent or
 * not, exactly one gets past the claim, so an order is credited once. The order row is locked
 * while its status changes, so two different events of one order apply one after the other.
 * A refund or dispute of an order whose payment has not been applied yet (events out of order)
 * is `not_ready`: nothing is recorded and the provider sends it again later. A transaction
 * PostgreSQL aborts (deadlock, serialization) is run again whole, claim included, as the
 * provider's next delivery would be (db/retry.ts).
 */
export async function applyPaymentEvent(
  services: OrderServices,
  provider: string,
  event: PaymentEvent,
  now: number,
): Promise<EventOutcome> {
  try {
    return await retryAborted(() =>
      services.db.transaction().execute(async (trx) => {
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

        const order = await eventOrder(trx, services, provider, event);
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
          if (event.type === 'paid') {
            changed = await markOrderPaid(change);
            if (event.paymentRef !== undefined && order.payment_ref === null)
              await updateOrder(trx, order.id, { payment_ref: event.paymentRef });
          } else if (event.type === 'failed')
            changed = await markOrderClosed(change, OrderStatus.FAILED);
          else {
            if (order.status !== OrderStatus.PAID && order.status !== OrderStatus.REFUNDED)
              throw new NotReady();
            if (event.type === 'disputed' && order.status === OrderStatus.PAID)
              await writeAudit(trx, {
                actor: 'system',
                action: 'order.disputed',
                subjectType: 'order',
                subjectId: order.public_id,
                data: {
                  provider,
                  eventId: event.eventId,
                  amountMinor: event.amountMinor,
                  currency: event.currency,
                },
                at: now,
              });
            if (event.type === 'disputed' && order.status === OrderStatus.PAID)
              await alertDispute(services, trx, {
                orderId: order.public_id,
                provider,
                amountMinor: event.amountMinor,
                currency: event.currency,
                now,
              });
            changed = await markOrderRefunded(
              {
                ...change,
                source: `${event.type === 'disputed' ? 'dispute' : 'webhook'}:${provider}`,
              },
              event.eventId,
            );
          }
          outcome = changed ? 'applied' : 'no_change';
        }
        await trx
          .updateTable('payment_events')
          .set({ order_id: order?.id ?? null, outcome })
          .where('provider', '=', provider)
          .where('event_id', '=', event.eventId)
          .execute();
        return outcome;
      }),
    );
  } catch (error) {
    if (error instanceof NotReady) return 'not_ready';
    // PostgreSQL: a concurrent delivery of the same event that committed first.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
