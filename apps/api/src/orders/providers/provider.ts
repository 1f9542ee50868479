import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@nimbus/domain';
import type { OrderRow } from '../order-hooks.ts';

/** What a provider's webhook says happened to an order's money. */
export interface PaymentEvent {
  /** The provider's own event id: processing is idempotent on it. */
  eventId: string;
  /** Our public order id, as given to the provider at checkout, when the event carries it. */
  orderId?: string;
  /**
   * The provider's id of the payment (a Stripe PaymentIntent, an EPay trade): recorded on the
   * order when it is paid, and how refund and dispute events that do not carry our order id find
   * their order.
   */
  paymentRef?: string;
  /** `disputed`: the buyer's bank took the money back (a chargeback): undone like a refund. */
  type: 'paid' | 'failed' | 'refunded' | 'disputed';
  amountMinor: number;
  currency: string;
}

/** A verified event this server has nothing to do about (answered 2xx so it is not resent). */
export interface IgnoredEvent {
  ignored: true;
  eventId: string;
  /** The provider's event type, for the log. */
  reason: string;
}

export interface Checkout {
  checkoutUrl: string;
  /** The provider's id for the checkout session. */
  providerRef: string;
  /** When the checkout stops taking the payment (UTC ms), when the provider says. */
  expiresAt?: number;
}

/** How a provider wants a webhook answered (EPay expects the plain text `success`). */
export interface WebhookAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * A card or wallet payment provider. The sandbox is the embedded default; Stripe and EPay
 * implement the same calls against their APIs.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Whether the provider's notifications may come as GET requests (EPay's may). */
  readonly webhookGet?: boolean;
  /** Whether it can charge an order in this currency (an EPay gateway charges one currency). */
  takesCurrency?(currency: string): boolean;
  /** A hosted checkout for the order; idempotent per order (a retry gives the same session). */
  createCheckout(order: OrderRow, language: Language, now: number): Promise<Checkout>;
  /**
   * The event of a webhook whose signature verifies, or undefined for anything else. `rawBody`
   * is the exact body bytes of a POST, or the query string of a GET.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
    now: number,
  ): PaymentEvent | IgnoredEvent | undefined;
  /** The answer to a webhook by its outcome (`invalid`: refused); the JSON envelope otherwise. */
  answerWebhook?(outcome: string): WebhookAnswer | undefined;
  /** Returns the money of a paid order; idempotent per order. */
  refund(order: OrderRow): Promise<{ refundRef: string }>;
  /**
   * Closes the hosted checkout of an order this server closed unpaid (replaced or cancelled), so
   * the buyer can no longer pay it there. A checkout that is not open any more is left as it is
   * (a payment it took still arrives as an event). Providers without such a call keep taking it.
   */
  closeCheckout?(order: OrderRow): Promise<void>;
  /**
   * The provider's hosted checkout cannot be closed and, once made, takes a payment until the
   * order's expiry whatever this server says (EPay; the sandbox's page asks this server first).
   */
  readonly checkoutStaysOpen?: boolean;
  /**
   * Asks the provider whether a pending order was paid (a payment whose webhook has not arrived,
   * or was lost): the event it would have sent, or undefined while unpaid.
   */
  lookup?(order: OrderRow): Promise<PaymentEvent | IgnoredEvent | undefined>;
}

export const isIgnored = (e: PaymentEvent | IgnoredEvent): e is IgnoredEvent => 'ignored' in e;
