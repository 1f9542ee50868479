import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** A new event id: `evt_` and 16 random bytes, hex. */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

const hmac = (secret: string, unixSeconds: number, body: string) =>
  createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');

/**
 * The Nimbus-Signature header of a body sent at `unixSeconds`, as Stripe signs:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's secret>`.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, unixSeconds, body)}`;
}

/**
 * What a receiver does with a request (docs/webhooks.md has the same in a dozen lines to copy):
 * takes `t` and every `v1` from the header, recomputes the HMAC of `t.body` over the raw body
 * as received, compares in constant time, and refuses a `t` further than `toleranceSeconds`
 * from its own clock (a replayed old request). True when the request is Nimbus's.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (t === undefined || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
