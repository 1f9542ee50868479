import type { WebhookEventType } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { insertDeliveries } from './delivery-store.ts';
import { enabledEndpoints, endpointEvents } from './endpoint-store.ts';
import { newEventId } from './signature.ts';

/** What a webhook event carries: English keys and values, ids as strings, times in ms. */
export type WebhookData = Record<string, string | number | boolean | null>;

/**
 * Queues an event for every enabled endpoint that chose its type. Call it in the transaction of
 * what happened (the order paid, the user created...), so the event is sent if and only if that
 * committed; the job sends it (deliver.ts). The body is fixed now: `id`, `type`, `created` (unix
 * seconds), `data`. Returns the event id, or undefined when no endpoint wants it.
 */
export async function queueWebhookEvent(
  trx: Db,
  event: { type: WebhookEventType; data: WebhookData; now: number },
): Promise<string | undefined> {
  const endpoints = (await enabledEndpoints(trx)).filter((e) =>
    endpointEvents(e).includes(event.type),
  );
  if (endpoints.length === 0) return undefined;
  const id = newEventId();
  const payload = JSON.stringify({
    id,
    type: event.type,
    created: Math.floor(event.now / 1000),
    data: event.data,
  });
  await insertDeliveries(
    trx,
    endpoints.map((e) => ({
      endpoint_id: e.id,
      event_id: id,
      event_type: event.type,
      payload,
      status: 'due',
      created_at: event.now,
      due_at: event.now,
      claimed_at: null,
      delivered_at: null,
      response_status: null,
      duration_ms: null,
      last_error: null,
    })),
  );
  return id;
}
