import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@nimbus/domain';
import type { OrderRow } from '../../order-hooks.ts';
import type { Checkout, PaymentEvent, PaymentProvider } from '../provider.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A webhook older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SANDBOX_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

const EVENT_TYPES = new Set(['paid', 'failed', 'refunded']);

/** The body the sandbox posts to the webhook route. */
export interface SandboxEventBody {
  id: string;
  type: PaymentEvent['type'];
  orderId: string;
  amountMinor: number;
  currency: string;
  createdAt: number;
}

function isEventBody(value: unknown): value is SandboxEventBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    /^evt_[A-Za-z0-9]{8,64}$/.test(v.id) &&
    typeof v.type === 'string' &&
    EVENT_TYPES.has(v.type) &&
    typeof v.orderId === 'string' &&
    v.orderId.length <= 64 &&
    typeof v.amountMinor === 'number' &&
    Number.isSafeInteger(v.amountMinor) &&
    typeof v.currency === 'string' &&
    /^[A-Z]{3}$/.test(v.currency) &&
    typeof v.createdAt === 'number'
  );
}

/**
 * The embedded payment provider: a hosted checkout page served by this server
 * (/pay/sandbox/<orderId>?key=<checkout key>) whose Pay and Fail buttons send a webhook signed
 * like a real provider's: header `t=<ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with a secret
 * derived from the server secret. The checkout key (an HMAC of the order id under its own derived
 * key) is what only the buyer was given: the order id alone (in a support message, a return
 * link) shows nothing and presses nothing.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly secret: Buffer,
    private readonly publicUrl: string,
    private readonly checkoutSecret: Buffer,
  ) {}

  /** The checkout page of an order, with the key that lets its buyer pay or cancel it. */
  checkoutPath(orderId: string): string {
    return `/pay/sandbox/${encodeURIComponent(orderId)}?key=${this.checkoutKey(orderId)}`;
  }

  /** The order's checkout key: 128 bits of an HMAC of its id, base64url. */
  checkoutKey(orderId: string): string {
    return createHmac('sha256', this.checkoutSecret)
      .update(orderId)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /** Whether `key` is the order's checkout key (compared in constant time). */
  checksCheckoutKey(orderId: string, key: unknown): boolean {
    if (typeof key !== 'string') return false;
    const expected = Buffer.from(this.checkoutKey(orderId));
    const given = Buffer.from(key);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  createCheckout(order: OrderRow, _language: Language): Promise<Checkout> {
    return Promise.resolve({
      checkoutUrl: `${this.publicUrl}${this.checkoutPath(order.public_id)}`,
      providerRef: `cs_${order.public_id}`,
    });
  }

  /** A signed event as the sandbox delivers it: the body bytes and the signature header. */
  signEvent(
    event: Omit<SandboxEventBody, 'id' | 'createdAt'>,
    now: number,
    id = `evt_${randomBytes(12).toString('hex')}`,
  ): { body: string; signature: string } {
    const body = JSON.stringify({ id, ...event, createdAt: now } satisfies SandboxEventBody);
    return { body, signature: `t=${now},v1=${this.mac(now, body)}` };
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
    now: number,
  ): PaymentEvent | undefined {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    const match = value ? /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(value) : null;
    if (!match) return undefined;
    const t = Number(match[1]);
    if (Math.abs(now - t) > SANDBOX_SIGNATURE_TOLERANCE_MS) return undefined;
    const expected = Buffer.from(this.mac(t, rawBody.toString('utf8')), 'hex');
    const given = Buffer.from(match[2] ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isEventBody(parsed)) return undefined;
    return {
      eventId: parsed.id,
      orderId: parsed.orderId,
      type: parsed.type,
      amountMinor: parsed.amountMinor,
      currency: parsed.currency,
    };
  }

  refund(order: OrderRow): Promise<{ refundRef: string }> {
    // The sandbox moves no money: the refund is accepted at once, with a stable reference.
    return Promise.resolve({ refundRef: `re_${order.public_id}` });
  }

  private mac(t: number, body: string): string {
    return createHmac('sha256', this.secret).update(`${t}.${body}`).digest('hex');
  }
}
