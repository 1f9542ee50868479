import { MS_PER_HOUR, MS_PER_MINUTE } from './duration.ts';

/**
 * Outbound webhooks: operators name URLs and the events each wants; the server sends every such
 * event there as signed JSON, at least once, retrying with back-off for about a day
 * (docs/webhooks.md).
 */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'order.paid',
  'order.refunded',
  'membership.extended',
  'membership.ended',
  'kol.commission.created',
  'kol.payout.sent',
  'ticket.created',
  'node.offline',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Nimbus-Signature';

/** Endpoints an installation may have at most. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/**
 * Waits after each failed attempt: 1 min, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h (about 23.6 hours
 * in all); the attempt after the last wait is the last one, then the delivery has failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  MS_PER_MINUTE,
  5 * MS_PER_MINUTE,
  30 * MS_PER_MINUTE,
  2 * MS_PER_HOUR,
  5 * MS_PER_HOUR,
  8 * MS_PER_HOUR,
  8 * MS_PER_HOUR,
];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts, or undefined when it has failed for good. */
export function webhookRetryDelayMs(attempts: number): number | undefined {
  return attempts >= 1 && attempts < WEBHOOK_MAX_ATTEMPTS
    ? WEBHOOK_RETRY_DELAYS_MS[attempts - 1]
    : undefined;
}
