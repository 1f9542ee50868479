import { connect } from 'node:net';
import { endpoints } from '@nimbus/api-sdk/contract';
import { OrderStatus } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/orders/providers/sandbox/sandbox-provider.ts';
import { paymentProblems } from './consistency.ts';
import {
  acknowledged,
  call,
  DIALECT,
  eventId,
  idempotencyKey,
  integrityProblems,
  quickUsers,
  startServer,
  stop,
  type QuickUser,
  type Store,
  withBundleAndStore,
  type Bundle,
} from './harness.ts';

// SIGTERM to the real server (`node main.js`) under a steady load of purchases, webhooks and
// health checks. The server names each request it takes on in its log ("incoming request" with
// its reqId, written only for requests it takes on; during the drain Fastify answers 503 without
// taking them) and in the answer's x-request-id header, so the two together say which requests
// it accepted and whether each was answered. (Logs carry no query string: they are redacted.)

let bundle: Bundle;
let store: Store;
withBundleAndStore((b, s) => {
  [bundle, store] = [b, s];
});

const SHUTDOWN_TIMEOUT_MS = 8000;

type Kind = 'purchase' | 'webhook' | 'health';

interface Sent {
  rid: number;
  kind: Kind;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  /** The server's id for the request (x-request-id), as its log names it. */
  requestId?: string;
  /** The body parsed as JSON; undefined when it was not complete JSON. */
  body?: { code?: number; status?: string; data?: unknown; statusCode?: number };
  rawBody?: string;
  error?: string;
  /** For purchases: the buyer and the order acknowledged; for webhooks: the order paid. */
  user?: QuickUser;
  orderId?: string;
}

const causeCode = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? String(error);
};

async function send(base: string, s: Sent, init: RequestInit, path: string): Promise<Sent> {
  try {
    const res = await fetch(`${base}${path}`, init);
    s.status = res.status;
    s.requestId = res.headers.get('x-request-id') ?? undefined;
    s.rawBody = await res.text();
    s.answeredAt = Date.now();
    try {
      s.body = JSON.parse(s.rawBody) as Sent['body'];
    } catch {
      s.body = undefined;
    }
  } catch (error) {
    s.error = causeCode(error);
    // No server there: a client backs off a little before its next try.
    await new Promise((r) => setTimeout(r, 25));
  }
  return s;
}

const ok = (s: Sent) => s.status === 200 && s.body?.code === 200 && s.body.status === 'OK';

describe(`graceful shutdown under load (${DIALECT})`, () => {
  test('SIGTERM: accepted requests complete, every answer is whole, no acknowledged write is lost, exit 0, the port closes', async () => {
    const buyers = await quickUsers(store, 10);
    const server = await startServer(bundle.dir, store, {
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    const { base } = server;
    const sent: Sent[] = [];
    let rid = 0;
    let running = true;
    const next = (kind: Kind, extra: Partial<Sent> = {}): Sent => {
      const s: Sent = { rid: ++rid, kind, sentAt: Date.now(), ...extra };
      sent.push(s);
      return s;
    };

    const worker = async (n: number) => {
      while (running) {
        const user = buyers[n % buyers.length] as QuickUser;
        if (n % 4 === 3) {
          await send(base, next('health'), { method: 'GET' }, '/v4/health');
          continue;
        }
        const p = await send(
          base,
          next('purchase', { user }),
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: user.token,
              language: 'en',
            },
            body: JSON.stringify({
              productId: '1',
              paymentMethod: 'card',
              idempotencyKey: idempotencyKey(),
            }),
          },
          `/v4${endpoints.paymentPurchase.path}`,
        );
        if (!ok(p)) continue;
        p.orderId = (p.body?.data as { orderId: string }).orderId;
        if (!running) break;
        const signed = store.webhooks.signEvent(
          { type: 'paid', orderId: p.orderId, amountMinor: 1299, currency: 'USD' },
          Date.now(),
          eventId(),
        );
        await send(
          base,
          next('webhook', { orderId: p.orderId }),
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              [SANDBOX_SIGNATURE_HEADER]: signed.signature,
            },
            body: signed.body,
          },
          '/v4/payment/webhook/sandbox',
        );
      }
    };
    const workers = Array.from({ length: 16 }, (_, n) => worker(n));

    await new Promise((r) => setTimeout(r, 1500));
    const signalAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const exitedAt = Date.now();
    // The load keeps coming during the drain; once the process is gone it is refused.
    running = false;
    await Promise.all(workers);

    expect(exit, server.logs.join('').slice(-2000)).toEqual({ code: 0, signal: null });
    expect(exitedAt - signalAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const lines = server.logs
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(
        (l) =>
          JSON.parse(l) as {
            msg?: string;
            time?: number;
            reqId?: string;
            res?: { statusCode?: number };
          },
      );
    const shuttingDown = lines.findIndex((l) => l.msg === 'shutting down');
    expect(shuttingDown).toBeGreaterThan(0);
    expect(lines.at(-1)?.msg, JSON.stringify(lines.slice(-4))).toBe('closed');

    // Every answer is whole: the success envelope, or the drain's 503 (sent without doing the
    // work).
    const answered = sent.filter((s) => s.status !== undefined);
    for (const s of answered) {
      expect(s.body, `request ${s.rid} (${s.kind}): ${s.rawBody}`).toBeDefined();
      if (s.status !== 200)
        expect([s.rid, s.status, s.body?.statusCode]).toEqual([s.rid, 503, 503]);
      else expect(ok(s), `request ${s.rid}: ${s.rawBody}`).toBe(true);
    }
    // Every request the server took on was answered, completely and successfully. (The start-up
    // health checks came before the load.)
    const loadStartedAt = sent[0]?.sentAt ?? 0;
    const accepted = new Set(
      lines
        .filter((l) => l.msg === 'incoming request' && (l.time ?? 0) >= loadStartedAt)
        .map((l) => l.reqId),
    );
    const byRequestId = new Map(sent.map((s) => [s.requestId, s]));
    for (const r of accepted) {
      const s = byRequestId.get(r);
      expect(s !== undefined && ok(s), `accepted request ${r}: ${JSON.stringify(s)}`).toBe(true);
    }
    // Nothing the server did not take on was answered as done.
    for (const s of sent.filter(ok))
      expect(accepted.has(s.requestId), `request ${s.rid} answered but not logged`).toBe(true);
    // The signal came in the middle of work: requests sent before it were answered after it.
    const drained = sent.filter(
      (s) => ok(s) && s.kind !== 'health' && s.sentAt < signalAt && (s.answeredAt ?? 0) > signalAt,
    );
    expect(drained.length, `${sent.length} requests`).toBeGreaterThan(0);
    // Requests that found no server are refused connections (or a connection closed on them before
    // they were taken on: a request taken on was answered, checked above by its id).
    for (const s of sent.filter((x) => x.error !== undefined)) {
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'], `request ${s.rid}`).toContain(
        s.error,
      );
    }
    // The port is closed.
    expect(
      await new Promise((resolve) => {
        const socket = connect(server.port, '127.0.0.1');
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code));
      }),
    ).toBe('ECONNREFUSED');

    // After a restart every acknowledged write is there: each acknowledged purchase's order, paid
    // when its webhook was acknowledged.
    const paidAcked = new Set(
      sent.filter((s) => s.kind === 'webhook' && ok(s)).map((s) => s.orderId),
    );
    const restarted = await startServer(bundle.dir, store);
    const purchases = sent.filter((s) => s.kind === 'purchase' && ok(s));
    expect(purchases.length).toBeGreaterThan(0);
    for (const p of purchases) {
      const status = await call<{ status: string }>(
        restarted.base,
        'paymentOrderStatus',
        p.user?.token,
        { orderId: p.orderId },
      );
      expect(acknowledged(status), `order ${p.orderId}`).toBe(true);
      expect(status.envelope.data?.status, `order ${p.orderId}`).toBe(
        paidAcked.has(p.orderId) ? OrderStatus.PAID : OrderStatus.PENDING,
      );
    }
    expect((await stop(restarted)).code).toBe(0);
    expect(await paymentProblems(store.db)).toEqual([]);
    expect(await integrityProblems(store)).toEqual([]);
    const n = (k: Kind) => sent.filter((s) => s.kind === k).length;
    console.info(
      `graceful shutdown (${DIALECT}): ${sent.length} requests (${n('purchase')} purchases, ${n('webhook')} webhooks, ${n('health')} health), ` +
        `${accepted.size} accepted, ${drained.length} finished during the drain, ${sent.filter((s) => s.status === 503).length} answered 503, ` +
        `${sent.filter((s) => s.error).length} refused; exit after ${exitedAt - signalAt} ms`,
    );
  }, 120_000);
});
