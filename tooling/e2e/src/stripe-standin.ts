import './http-agent.ts';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * A local stand-in of Stripe's API for tests (Stripe cannot be reached from these machines): the
 * few endpoints the server's Stripe provider calls, with Stripe's documented request and response
 * shapes, reached by the real `stripe` SDK through its `host`/`port`/`protocol` options
 * (STRIPE_API_BASE), plus a hosted checkout page. Webhooks are signed with the SDK's own
 * `generateTestHeaderString`, so the server's production verification runs unchanged.
 *
 *   POST /v1/checkout/sessions       create (form-encoded, Idempotency-Key honoured)
 *   GET  /v1/checkout/sessions/:id   retrieve
 *   POST /v1/refunds                 create (by payment_intent; never more than is left)
 *   GET  /c/pay/:id                  the hosted page; POST pays (or cancels) and returns the buyer
 */

export const STANDIN_SECRET_KEY = 'sk_test_standin0123456789abcdef';
export const STANDIN_WEBHOOK_SECRET = 'whsec_standin0123456789abcdefABCDEF';

type Form = { [key: string]: string | Form };

/** Stripe's form encoding (`a[b][0][c]=d`) back into nested objects (arrays as indexed keys). */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((key, i) => {
      if (i === path.length - 1) node[key] = value;
      else {
        const next = node[key];
        node = typeof next === 'object' ? next : (node[key] = {});
      }
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const str = (v: string | Form | undefined) => (typeof v === 'string' ? v : undefined);
const obj = (v: string | Form | undefined): Form => (typeof v === 'object' ? v : {});

export interface StandinSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  client_reference_id: string | null;
  created: number;
  currency: string;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  url: string | null;
}

interface StandinCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface StripeStandin {
  /** http://127.0.0.1:<port>: STRIPE_API_BASE for the server under test. */
  url: string;
  /** The environment that points a server at this stand-in. */
  env: Record<string, string>;
  /** Where the hosted page delivers its events (the server's Stripe webhook URL), when set. */
  webhookUrl: string | undefined;
  sessions: Map<string, StandinSession>;
  /** Requests received, for assertions on what the SDK sent. */
  requests: { method: string; path: string; form: Form; idempotencyKey?: string }[];
  /**
   * Pays a session as a buyer would on the hosted page: the PaymentIntent and its charge are
   * created. Alipay and WeChat Pay may confirm later (`async: true`): the session completes
   * unpaid and `async_payment_succeeded` follows. Returns the events Stripe sends, in order.
   */
  pay(sessionId: string, options?: { async?: boolean; fail?: boolean }): Stripe.Event[];
  /** The `charge.refunded` event of a full refund made in Stripe's dashboard. */
  refundInDashboard(paymentIntent: string, amount?: number): Stripe.Event;
  /** A `charge.dispute.created` event (a chargeback) for a payment. */
  dispute(paymentIntent: string): Stripe.Event;
  /** An event body and its `stripe-signature` header, as Stripe signs them. */
  sign(event: Stripe.Event, timestampMs?: number): { body: string; signature: string };
  /** Sends an event to webhookUrl; returns the HTTP status. */
  deliver(event: Stripe.Event): Promise<number>;
  /**
   * While true, every API call answers 500 with an `api_error`, as Stripe does in an outage
   * (the SDK retries it, then gives up).
   */
  outage: boolean;
  close(): Promise<void>;
}

function stripeError(res: ServerResponse, status: number, message: string, code?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) },
    }),
  );
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeStandin(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? STANDIN_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? STANDIN_WEBHOOK_SECRET;
  const sessions = new Map<string, StandinSession>();
  const charges = new Map<string, StandinCharge>(); // by payment intent
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: StripeStandin['requests'] = [];
  const signer = new Stripe(secretKey);
  const now = () => Math.floor(Date.now() / 1000);

  const event = <T>(type: string, object: T): Stripe.Event =>
    ({
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }) as unknown as Stripe.Event;

  const createSession = (form: Form, base: string): { status: number; body: unknown } => {
    const item = obj(obj(form.line_items)['0']);
    const price = obj(item.price_data);
    const amount = Number(str(price.unit_amount));
    const quantity = Number(str(item.quantity) ?? '1');
    const currency = str(price.currency);
    const successUrl = str(form.success_url);
    const types = Object.values(obj(form.allowed_payment_method_types)).filter(
      (v): v is string => typeof v === 'string',
    );
    const expiresAt = Number(str(form.expires_at) ?? now() + 24 * 3600);
    if (str(form.mode) !== 'payment')
      return { status: 400, body: { error: { message: 'mode must be payment' } } };
    if (!Number.isInteger(amount) || amount < 50 || !currency || !/^[a-z]{3}$/.test(currency))
      return { status: 400, body: { error: { message: 'line_items[0][price_data] invalid' } } };
    if (!successUrl) return { status: 400, body: { error: { message: 'success_url required' } } };
    if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600 + 5)
      return {
        status: 400,
        body: { error: { message: 'expires_at must be 30 minutes to 24 hours away' } },
      };
    const sessionId = `cs_test_${randomBytes(20).toString('hex')}`;
    const session: StandinSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      client_reference_id: str(form.client_reference_id) ?? null,
      created: now(),
      currency,
      expires_at: expiresAt,
      livemode: false,
      locale: str(form.locale) ?? null,
      metadata: Object.fromEntries(
        Object.entries(obj(form.metadata)).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      ),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: types.length > 0 ? types : ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      cancel_url: str(form.cancel_url) ?? null,
      url: `${base}/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    const intentMetadata = obj(obj(form.payment_intent_data).metadata);
    (session as StandinSession & { _intentMetadata?: Form })._intentMetadata = intentMetadata;
    return { status: 200, body: session };
  };

  const complete: StripeStandin['pay'] = (sessionId, { async = false, fail = false } = {}) => {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    const intent = id('pi');
    session.payment_intent = intent;
    session.status = 'complete';
    const metadata = (session as StandinSession & { _intentMetadata?: Form })._intentMetadata ?? {};
    const paid = () => {
      session.payment_status = 'paid';
      charges.set(intent, {
        id: id('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: 0,
        captured: true,
        created: now(),
        currency: session.currency,
        livemode: false,
        // The PaymentIntent's metadata is on the charges it makes.
        metadata: Object.fromEntries(
          Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
        paid: true,
        payment_intent: intent,
        refunded: false,
        status: 'succeeded',
      });
    };
    if (!async) {
      paid();
      return [event('checkout.session.completed', { ...session })];
    }
    const completed = event('checkout.session.completed', { ...session });
    if (fail) return [completed, event('checkout.session.async_payment_failed', { ...session })];
    paid();
    return [completed, event('checkout.session.async_payment_succeeded', { ...session })];
  };

  // Stripe expires an open session at once; any other is refused (400).
  const expireSession = (sessionId: string): { status: number; body: unknown } => {
    const session = sessions.get(sessionId);
    if (!session) return { status: 404, body: { error: { message: 'No such checkout session' } } };
    if (session.status !== 'open')
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          },
        },
      };
    session.status = 'expired';
    return { status: 200, body: session };
  };

  const refund = (form: Form): { status: number; body: unknown } => {
    const intent = str(form.payment_intent);
    const charge = intent ? charges.get(intent) : undefined;
    if (!charge)
      return { status: 404, body: { error: { message: `No such payment_intent: '${intent}'` } } };
    const left = charge.amount - charge.amount_refunded;
    if (left === 0)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${charge.id} has already been refunded.`,
          },
        },
      };
    const amount = str(form.amount) === undefined ? left : Number(str(form.amount));
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          },
        },
      };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return {
      status: 200,
      body: {
        id: id('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        created: now(),
        currency: charge.currency,
        metadata: obj(form.metadata),
        payment_intent: intent,
        reason: str(form.reason) ?? null,
        status: 'succeeded',
      },
    };
  };

  const hostedPage = (session: StandinSession) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (test stand-in)</title></head>
<body><main>
<h1>Pay Nimbus</h1>
<p data-testid="stripe-amount">${session.amount_total} ${escape(session.currency.toUpperCase())}</p>
<p data-testid="stripe-method">${escape(session.payment_method_types.join(','))}</p>
${
  session.status === 'open'
    ? `<form method="post"><input type="hidden" name="action" value="pay"><button type="submit">Pay</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Back</button></form>`
    : '<p role="status">This session is complete.</p>'
}
</main></body></html>`;

  let base = '';
  const standin: StripeStandin = {
    url: '',
    env: {},
    webhookUrl: undefined,
    sessions,
    requests,
    outage: false,
    pay: complete,
    refundInDashboard(intent, amount) {
      const charge = charges.get(intent);
      if (!charge) throw new Error(`no charge for ${intent}`);
      charge.amount_refunded = Math.min(
        charge.amount,
        charge.amount_refunded + (amount ?? charge.amount),
      );
      charge.refunded = charge.amount_refunded === charge.amount;
      return event('charge.refunded', { ...charge });
    },
    dispute(intent) {
      const charge = charges.get(intent);
      if (!charge) throw new Error(`no charge for ${intent}`);
      return event('charge.dispute.created', {
        id: id('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        created: now(),
        currency: charge.currency,
        livemode: false,
        metadata: {},
        payment_intent: intent,
        reason: 'fraudulent',
        status: 'needs_response',
      });
    },
    sign(e, timestampMs = Date.now()) {
      const body = JSON.stringify(e, null, 2);
      return {
        body,
        signature: signer.webhooks.generateTestHeaderString({
          payload: body,
          secret: webhookSecret,
          timestamp: Math.floor(timestampMs / 1000),
        }),
      };
    },
    async deliver(e) {
      if (!standin.webhookUrl) throw new Error('no webhook URL set');
      const { body, signature } = standin.sign(e);
      const res = await fetch(standin.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    const form = parseStripeForm(body);
    const hosted = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
    if (hosted) {
      const session = sessions.get(hosted[1] ?? '');
      if (!session) return stripeError(res, 404, 'No such checkout session');
      if (req.method === 'POST' && session.status === 'open') {
        if (form.action === 'cancel') {
          res.writeHead(303, { location: session.cancel_url ?? '/' });
          return res.end();
        }
        for (const e of complete(session.id)) await standin.deliver(e);
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(hostedPage(session));
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, 'Invalid API Key provided');
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey });
    if (standin.outage) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          error: { type: 'api_error', message: 'Stripe is having trouble (stand-in outage)' },
        }),
      );
    }
    if (req.method === 'POST' && idempotencyKey) {
      const seen = idempotent.get(`${url.pathname}|${idempotencyKey}`);
      if (seen) return send(res, seen.status, seen.body);
    }
    let answer: { status: number; body: unknown } | undefined;
    const retrieve = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)$/.exec(url.pathname);
    const expire = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions')
      answer = createSession(form, base);
    else if (req.method === 'POST' && expire) answer = expireSession(expire[1] ?? '');
    else if (req.method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1] ?? '');
      answer = session
        ? { status: 200, body: session }
        : { status: 404, body: { error: { message: 'No such checkout session' } } };
    } else if (req.method === 'POST' && url.pathname === '/v1/refunds') answer = refund(form);
    if (!answer)
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    if (req.method === 'POST' && idempotencyKey)
      idempotent.set(`${url.pathname}|${idempotencyKey}`, answer);
    return send(res, answer.status, answer.body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  standin.url = base;
  standin.env = {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: base,
  };
  return standin;
}
