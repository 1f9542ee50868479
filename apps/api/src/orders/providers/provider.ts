import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@nimbus/domain';
import type { OrderRow } from '../order-hooks.ts';

/** What a provider's webhook says happened to an order. */
export interface PaymentEvent {
  /** The provider's own event id: processing is idempotent on it. */
  eventId: string;
  /** Our public order id, as given to the provider at checkout. */
  orderId: string;
  type: 'paid' | 'failed' | 'refunded';
  amountMinor: number;
  currency: string;
}

export interface Checkout {
  checkoutUrl: string;
  /** The provider's id for the checkout session. */
  providerRef: string;
}

/**
 * A card or wallet payment provider. The sandbox is the embedded default; a production adapter
 * implements the same three calls against its provider's API.
 */
export interface PaymentProvider {
  readonly name: string;
  /** A hosted checkout for the order; idempotent per order (a retry gives the same session). */
  createCheckout(order: OrderRow, language: Language): Promise<Checkout>;
  /** The event of a webhook whose signature verifies, or undefined for anything else. */
  verifyWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
    now: number,
  ): PaymentEvent | undefined;
  /** Returns the money of a paid order; idempotent per order. */
  refund(order: OrderRow): Promise<{ refundRef: string }>;
}
