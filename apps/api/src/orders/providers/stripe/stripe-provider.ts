import type { IncomingHttpHeaders } from 'node:http';
import { MS_PER_MINUTE, type Language } from '@nimbus/domain';
import Stripe from 'stripe';
import { productName } from '../../../plans/index.ts';
import type { StripeMethod, StripeSettings } from '../../../config/providers-config.ts';
import type { OrderRow } from '../../order-hooks.ts';
import type { Checkout, IgnoredEvent, PaymentEvent, PaymentProvider } from '../provider.ts';

/** Stripe's own default: a signature older than five minutes is refused (no late replays). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;
/**
 * A signature dated ahead of our clock by more than this is refused too. Stripe's SDK checks only
 * the age (now minus the header's `t`), so a timestamp in the future passes it and would stay
 * replayable until five minutes after that future time; a minute covers ordinary clock skew.
 */
export const STRIPE_SIGNATURE_FUTURE_SKEW_S = 60;

/** Whether any `t=` of a Stripe-Signature header is beyond the skew ahead of `now` (ms). */
function signedInTheFuture(header: string, now: number): boolean {
  return header
    .split(',')
    .map((item) => /^\s*t=(.*)$/.exec(item)?.[1])
    .some((t) => t !== undefined && !(Number(t) <= now / 1000 + STRIPE_SIGNATURE_FUTURE_SKEW_S));
}

/** Our method names to Stripe's payment method types. */
const METHOD_TYPES = {
  card: 'card',
  alipay: 'alipay',
  wechat: 'wechat_pay',
} as const satisfies Record<StripeMethod, string>;

// Stripe requires a Checkout Session to expire from 30 minutes to 24 hours after its creation.
const SESSION_MIN_MS = 31 * MS_PER_MINUTE;
const SESSION_MAX_MS = 23 * 60 * MS_PER_MINUTE;

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

const ORDER_ID = /^[A-Z0-9]{8,64}$/;
const orderIdIn = (...candidates: (string | null | undefined)[]): string | undefined =>
  candidates.find((c): c is string => typeof c === 'string' && ORDER_ID.test(c));

export interface StripeProviderOptions {
  settings: StripeSettings;
  /** Absolute URL the buyer returns to after paying (the purchase result page). */
  successUrl: string;
  /** Absolute URL the buyer returns to after giving up (the pricing page). */
  cancelUrl: string;
}

/**
 * Stripe through its official SDK: a hosted Checkout Session per order (one payment method type,
 * the amount in minor units from the order, which the plans table priced), webhooks verified with
 * the SDK's signature check, refunds through the Refunds API. The order id travels in the
 * session's metadata and client_reference_id, and in the PaymentIntent's metadata; the
 * PaymentIntent id is recorded on the order when it is paid, so refund and dispute events (which
 * name the payment, not the session) find their order.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const { settings } = options;
    this.stripe = new Stripe(settings.secretKey, {
      // Requests carry idempotency keys, so the SDK's retries of a lost answer are safe.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Nimbus' },
      ...(settings.apiBase
        ? {
            host: settings.apiBase.host,
            port: settings.apiBase.port,
            protocol: settings.apiBase.protocol,
          }
        : {}),
    });
  }

  takesCurrency(): boolean {
    return true;
  }

  async createCheckout(order: OrderRow, language: Language, now = Date.now()): Promise<Checkout> {
    const method = order.payment_method as StripeMethod;
    const type = METHOD_TYPES[method];
    if (!type) throw new Error(`Stripe does not take ${order.payment_method}`);
    const join = (url: string) =>
      `${url}${url.includes('?') ? '&' : '?'}orderId=${encodeURIComponent(order.public_id)}`;
    const expiresAt = Math.min(
      Math.max(order.expires_at, now + SESSION_MIN_MS),
      now + SESSION_MAX_MS,
    );
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.public_id,
        metadata: { orderId: order.public_id },
        payment_intent_data: { metadata: { orderId: order.public_id } },
        // The buyer chose the method on our pricing page: the session offers that one only.
        allowed_payment_method_types: [type],
        ...(type === 'wechat_pay'
          ? { payment_method_options: { wechat_pay: { client: 'web' } } }
          : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: order.amount_minor,
              product_data: {
                name: productName(language, order.group_type, order.duration_days),
              },
            },
          },
        ],
        locale: language === 'zh-CN' ? 'zh' : 'en',
        success_url: join(this.options.successUrl),
        cancel_url: this.options.cancelUrl,
        expires_at: Math.floor(expiresAt / 1000),
      },
      // One session per order, also when two requests race or a retry follows a lost answer.
      { idempotencyKey: `nimbus-checkout-${order.public_id}` },
    );
    if (!session.url) throw new Error(`Stripe session ${session.id} has no hosted page URL`);
    return {
      checkoutUrl: session.url,
      providerRef: session.id,
      expiresAt: session.expires_at * 1000,
    };
  }

  async closeCheckout(order: OrderRow): Promise<void> {
    if (order.provider_ref === null) return;
    try {
      await this.stripe.checkout.sessions.expire(order.provider_ref, undefined, {
        idempotencyKey: `nimbus-close-${order.public_id}`,
      });
    } catch (error) {
      // Completed or expired already: nothing to close (a completed one's event comes).
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw error;
    }
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
    now: number,
  ): PaymentEvent | IgnoredEvent | undefined {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string' || signedInTheFuture(header, now)) return undefined;
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        header,
        this.options.settings.webhookSecret,
        STRIPE_SIGNATURE_TOLERANCE_S,
        undefined,
        now,
      );
    } catch {
      return undefined;
    }
    return toPaymentEvent(event);
  }

  answerWebhook(): undefined {
    return undefined;
  }

  async refund(order: OrderRow): Promise<{ refundRef: string }> {
    if (!order.payment_ref) throw new Error(`order ${order.public_id} has no Stripe payment`);
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: order.payment_ref,
          // Never more than the order paid.
          amount: order.amount_minor,
          reason: 'requested_by_customer',
          metadata: { orderId: order.public_id },
        },
        { idempotencyKey: `nimbus-refund-${order.public_id}` },
      );
      return { refundRef: refund.id };
    } catch (error) {
      // Refunded already in Stripe's dashboard: the money is back with the buyer.
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')
        return { refundRef: `already_refunded:${order.payment_ref}` };
      throw error;
    }
  }

  async lookup(order: OrderRow): Promise<PaymentEvent | IgnoredEvent | undefined> {
    if (!order.provider_ref) return undefined;
    const session = await this.stripe.checkout.sessions.retrieve(order.provider_ref);
    if (session.payment_status !== 'paid') return undefined;
    return sessionPaid(`reconcile_${session.id}`, session);
  }
}

function sessionPaid(
  eventId: string,
  session: Stripe.Checkout.Session,
): PaymentEvent | IgnoredEvent {
  const orderId = orderIdIn(session.metadata?.orderId, session.client_reference_id);
  if (!orderId || session.amount_total === null || !session.currency)
    return { ignored: true, eventId, reason: 'session of another integration' };
  return {
    eventId,
    orderId,
    paymentRef: idOf(session.payment_intent),
    type: 'paid',
    amountMinor: session.amount_total,
    currency: session.currency.toUpperCase(),
  };
}

/** What a verified Stripe event means for an order. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | IgnoredEvent {
  const ignored = (reason: string): IgnoredEvent => ({ ignored: true, eventId: event.id, reason });
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Alipay and WeChat Pay may complete the session before the money arrives: then
      // async_payment_succeeded (or _failed) follows.
      if (session.payment_status !== 'paid') return ignored(`${event.type} (unpaid)`);
      return sessionPaid(event.id, session);
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const orderId = orderIdIn(session.metadata?.orderId, session.client_reference_id);
      if (!orderId) return ignored('session of another integration');
      return {
        eventId: event.id,
        orderId,
        type: 'failed',
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // A partial refund (made in Stripe's dashboard) keeps the membership: the order is undone
      // only when all of its money went back.
      if (!charge.refunded) return ignored('partial refund');
      return {
        eventId: event.id,
        orderId: orderIdIn(charge.metadata?.orderId),
        paymentRef: idOf(charge.payment_intent),
        type: 'refunded',
        amountMinor: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        eventId: event.id,
        paymentRef: idOf(dispute.payment_intent),
        type: 'disputed',
        amountMinor: dispute.amount,
        currency: dispute.currency.toUpperCase(),
      };
    }
    default:
      return ignored(event.type);
  }
}
