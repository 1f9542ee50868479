import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import {
  Id,
  NullableString,
  NullableTimestamp,
  NumericId,
  Page,
  PageNumber,
  PAGE_SIZE_MAX,
  Timestamp,
} from '../schemas/common.ts';

/**
 * The console's outbound webhooks (admin, `webhooks.manage`): endpoints (URL, description, the
 * events chosen, enabled), the signing secret shown once when made or rotated, and each
 * endpoint's delivery log with replay (docs/webhooks.md).
 */

const strict = { additionalProperties: false } as const;
const WebhookEvent = Type.Enum([...WEBHOOK_EVENT_TYPES]);
const EndpointFields = {
  url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX }),
  description: Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX }),
  events: Type.Array(WebhookEvent, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length }),
  enabled: Type.Boolean(),
};

export const AdminWebhookEndpoint = Type.Object({
  endpointId: Id,
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(WebhookEvent),
  enabled: Type.Boolean(),
  /** The secret's last four characters, to tell which one a receiver holds. */
  secretHint: Type.String(),
  createdAt: Timestamp,
  /** Deliveries waiting, and failed for good (the log has them). */
  due: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
});
export type AdminWebhookEndpoint = Static<typeof AdminWebhookEndpoint>;

export const AdminWebhookDelivery = Type.Object({
  deliveryId: Id,
  eventId: Type.String(),
  eventType: WebhookEvent,
  /** due: waiting for its (next) attempt; sending: being made now; delivered; failed: given up. */
  status: Type.Enum(['due', 'sending', 'delivered', 'failed']),
  attempts: Type.Integer({ minimum: 0 }),
  /** The last attempt's HTTP status (null: no answer, see lastError). */
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  lastError: NullableString,
  createdAt: Timestamp,
  /** When the next attempt is due (status due), else null. */
  nextAttemptAt: NullableTimestamp,
  deliveredAt: NullableTimestamp,
  /** The JSON body sent (the same bytes on every attempt and replay). */
  payload: Type.String(),
});
export type AdminWebhookDelivery = Static<typeof AdminWebhookDelivery>;

const EndpointRef = Type.Object({ endpointId: NumericId }, strict);
const WithSecret = Type.Object({
  endpoint: AdminWebhookEndpoint,
  /** The signing secret (whsec_...): shown this once; rotate to get a new one. */
  secret: Type.String(),
});

export const adminWebhookSchemas = {
  adminWebhookList: {
    request: Type.Object({}, strict),
    response: Type.Object({ items: Type.Array(AdminWebhookEndpoint) }),
  },
  /**
   * A new endpoint: the URL must reach the public internet (https in production; loopback,
   * private and link-local addresses refused: WEBHOOK_URL_REFUSED, checked again at each
   * delivery).
   */
  adminWebhookCreate: {
    request: Type.Object(EndpointFields, strict),
    response: WithSecret,
  },
  adminWebhookUpdate: {
    request: Type.Object({ endpointId: NumericId, ...EndpointFields }, strict),
    response: Type.Object({ endpoint: AdminWebhookEndpoint }),
  },
  /** A new signing secret at once (the old one stops signing). */
  adminWebhookRotateSecret: { request: EndpointRef, response: WithSecret },
  /** Deletes the endpoint with its queue and log. */
  adminWebhookDelete: {
    request: EndpointRef,
    response: Type.Object({ endpointId: Id }),
  },
  /** An endpoint's deliveries, newest first. */
  adminWebhookDeliveries: {
    request: Type.Object(
      {
        endpointId: NumericId,
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: Page(AdminWebhookDelivery),
  },
  /** Sends a delivery again now (its count of attempts kept); not while it is being sent. */
  adminWebhookReplay: {
    request: Type.Object({ deliveryId: NumericId }, strict),
    response: Type.Object({ delivery: AdminWebhookDelivery }),
  },
} as const;
