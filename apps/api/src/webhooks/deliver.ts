import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import {
  claimDelivery,
  dueDeliveries,
  recordAttempt,
  type AttemptResult,
  type DeliveryRow,
} from './delivery-store.ts';
import { findEndpoint, type EndpointRow } from './endpoint-store.ts';
import { openWebhookSecret } from './secrets.ts';
import { signWebhook } from './signature.ts';
import type { SecretBox } from '../security/secret-box.ts';
import { checkedAddresses, urlFormProblem, UrlRefused } from './url-guard.ts';

/** Deliveries read at once, and sent at once at most; a run reads batches for RUN_MS at most. */
const BATCH = 500;
const CONCURRENCY = 16;

export interface DeliveryOptions {
  production: boolean;
  now: number;
  /** Opens the endpoints' sealed signing secrets (webhookSecrets). */
  secrets: SecretBox;
}
const RUN_MS = 30_000;
/** An attempt that has not answered in this long failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Sends the webhook deliveries that are due (the scheduled jobs call it). Each is claimed
 * first, so two servers never make the same attempt; a process that dies mid-attempt leaves a
 * claim that lapses (WEBHOOK_CLAIM_TIMEOUT_MS) and the delivery is made again: at least once.
 * A 2xx answer delivers; anything else (another status, a timeout, a refused address) is tried
 * again with back-off, then failed. Returns how many were delivered.
 */
export async function deliverWebhooks(db: Db, options: DeliveryOptions): Promise<number> {
  // Batch after batch while full ones come (a backlog after an outage), for at most RUN_MS.
  const started = performance.now();
  let delivered = 0;
  for (;;) {
    const batch = await deliverBatch(db, options);
    delivered += batch.delivered;
    if (batch.read < BATCH || performance.now() - started > RUN_MS) return delivered;
  }
}

async function deliverBatch(
  db: Db,
  options: DeliveryOptions,
): Promise<{ read: number; delivered: number }> {
  const due = await dueDeliveries(db, options.now, BATCH);
  if (due.length === 0) return { read: 0, delivered: 0 };
  const endpoints = new Map<number, Promise<EndpointRow | undefined>>();
  let delivered = 0;
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const row = due[next++] as DeliveryRow;
      if (!(await claimDelivery(db, row, options.now))) continue;
      let endpoint = endpoints.get(row.endpoint_id);
      if (!endpoint) {
        endpoint = findEndpoint(db, row.endpoint_id);
        endpoints.set(row.endpoint_id, endpoint);
      }
      const result = await attempt(await endpoint, row.payload, options);
      await recordAttempt(db, row, options.now, result, options.now);
      if (result.ok) delivered += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return { read: due.length, delivered };
}

/** One POST of a body to an endpoint; never throws. */
async function attempt(
  endpoint: EndpointRow | undefined,
  body: string,
  options: DeliveryOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  if (!endpoint || endpoint.enabled !== 1)
    return { ok: false, responseStatus: null, durationMs: 0, error: 'endpoint disabled' };
  try {
    const url = new URL(endpoint.url);
    // Resolved and checked now, and the socket connects to this very address.
    const [target] = await checkedAddresses(url.hostname, options.production);
    if (!target) throw new UrlRefused('unresolved');
    const problem = urlFormProblem(endpoint.url, options.production);
    if (problem) throw new UrlRefused(problem);
    const status = await post(
      url,
      target,
      body,
      signWebhook(
        openWebhookSecret(options.secrets, endpoint.secret),
        body,
        Math.floor(options.now / 1000),
      ),
    );
    const ok = status >= 200 && status < 300;
    return { ok, responseStatus: status, durationMs: took(), error: ok ? null : `HTTP ${status}` };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, responseStatus: null, durationMs: took(), error: text };
  }
}

function post(
  url: URL,
  target: { address: string; family: 4 | 6 },
  body: string,
  signature: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Nimbus-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
        },
        // The checked address, whatever DNS says now; TLS still checks the certificate's name.
        lookup: (_host, opts, callback) => {
          if (opts.all) callback(null, [target]);
          else callback(null, target.address, target.family);
        },
        // The whole attempt, however slowly the receiver drips its answer.
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        agent: false,
      },
      (response) => {
        // Redirects are not followed (a 3xx is a failed attempt); the answer's body is not read.
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
