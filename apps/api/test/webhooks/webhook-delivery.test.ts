import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookEventType,
} from '@nimbus/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import {
  deliverWebhooks,
  queueWebhookEvent,
  sealWebhookSecret,
  webhookSecrets,
} from '../../src/webhooks/index.ts';
import { buy, pressOnCheckout } from '../support/payments.ts';
import { quickUser } from '../support/group-buy.ts';
import { secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The webhook queue (src/webhooks/README.md) with a real local receiver that verifies every
// signature: an event queued in the transaction of what happened, delivered by the jobs, retried
// with back-off, at least once and never twice per attempt across processes and restarts.

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  receiver = await startWebhookReceiver({ nowSeconds: () => Math.floor(t.clock.now / 1000) });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const db = () => t.app.services.db;
const secrets = () => webhookSecrets(t.app.services.secret);
const jobs = () => runScheduledJobs(t.app.services, t.clock.now);

/** A fresh endpoint (the only enabled one) for `events` at the receiver; its secret is set. */
async function endpoint(events: WebhookEventType[], url = receiver.url): Promise<number> {
  await db().updateTable('webhook_endpoints').set({ enabled: 0 }).execute();
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await db()
    .insertInto('webhook_endpoints')
    .values({
      url,
      description: 'test',
      events: JSON.stringify(events),
      enabled: 1,
      secret: sealWebhookSecret(webhookSecrets(t.app.services.secret), secret),
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  receiver.secret = secret;
  return Number(row.id);
}

const deliveries = (endpointId: number) =>
  db()
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();

const queue = (type: WebhookEventType, data: Record<string, string> = {}) =>
  db()
    .transaction()
    .execute((trx) => queueWebhookEvent(trx, { type, data, now: t.clock.now }));

beforeEach(() => {
  receiver.received.length = 0;
  receiver.refused = 0;
  receiver.failFirst = 0;
});

test('a sandbox purchase delivers order.paid, signed', async () => {
  const id = await endpoint(['order.paid']);
  const { client, userId } = await quickUser(t);
  const order = await buy(client, { productId: '1' });
  // Queued with the payment, before any job ran.
  expect(await deliveries(id)).toEqual([]);
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
  expect((await deliveries(id)).map((d) => d.status)).toEqual(['due']);
  expect((await jobs()).webhooksDelivered).toBe(1);

  expect(receiver.received).toHaveLength(1);
  const [event] = receiver.received;
  expect(event?.verified).toBe(true);
  expect(event?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(event).toMatchObject({
    type: 'order.paid',
    created: Math.floor(t.clock.now / 1000),
    data: { orderId: order.orderId, userId: String(userId), currency: expect.any(String) },
  });
  expect(event?.id).toMatch(/^evt_[0-9a-f]{32}$/);
  const [row] = await deliveries(id);
  expect(row).toMatchObject({
    status: 'delivered',
    attempts: 1,
    response_status: 200,
    event_id: event?.id,
  });
  expect(row?.duration_ms).toBeGreaterThanOrEqual(0);
  // Delivered once: the next run sends nothing.
  expect((await jobs()).webhooksDelivered).toBe(0);
  expect(receiver.received).toHaveLength(1);
});

test('an event nobody chose queues nothing; a failed payment queues no order.paid', async () => {
  const id = await endpoint(['order.refunded']);
  await queue('ticket.created');
  const { client } = await quickUser(t);
  const order = await buy(client, { productId: '1' });
  await pressOnCheckout(t, order.checkoutUrl, 'fail');
  expect(await deliveries(id)).toEqual([]);
});

test('a receiver that fails three times gets the event on retry, with back-off', async () => {
  const id = await endpoint(['ticket.created']);
  receiver.failFirst = 3;
  await queue('ticket.created', { ticketId: 'T1' });
  const start = t.clock.now;
  expect((await jobs()).webhooksDelivered).toBe(0);
  let [row] = await deliveries(id);
  expect(row).toMatchObject({ status: 'due', attempts: 1, response_status: 500 });
  expect(row?.last_error).toBe('HTTP 500');
  expect(row?.due_at).toBe(start + (WEBHOOK_RETRY_DELAYS_MS[0] ?? 0));
  // Not before it is due.
  t.clock.advance((WEBHOOK_RETRY_DELAYS_MS[0] ?? 0) - 1);
  await jobs();
  expect(receiver.refused).toBe(1);
  for (let retry = 1; retry <= 3; retry++) {
    t.clock.now = row?.due_at ?? 0;
    await jobs();
    [row] = await deliveries(id);
  }
  expect(receiver.refused).toBe(3);
  expect(row).toMatchObject({ status: 'delivered', attempts: 4, response_status: 200 });
  expect(receiver.received.map((e) => [e.type, e.verified, e.data.ticketId])).toEqual([
    ['ticket.created', true, 'T1'],
  ]);
});

test('a receiver that never answers 2xx fails after about a day', async () => {
  const id = await endpoint(['node.offline']);
  receiver.failFirst = 1_000;
  const start = t.clock.now;
  await queue('node.offline');
  for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS + 2; i++) {
    await jobs();
    const [row] = await deliveries(id);
    if (row?.status === 'failed') break;
    t.clock.now = row?.due_at ?? t.clock.now;
  }
  const [row] = await deliveries(id);
  expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS });
  expect(receiver.refused).toBe(WEBHOOK_MAX_ATTEMPTS);
  const hours = (t.clock.now - start) / 3_600_000;
  expect(hours).toBeGreaterThan(20);
  expect(hours).toBeLessThan(26);
});

describe('several processes and restarts', () => {
  test('two servers running the jobs at once send each event once', async () => {
    const id = await endpoint(['user.created']);
    for (let i = 0; i < 40; i++) await queue('user.created', { n: String(i) });
    const second = await secondProcess(t);
    try {
      const runs = await Promise.all([
        deliverWebhooks(db(), { production: false, now: t.clock.now, secrets: secrets() }),
        deliverWebhooks(second.app.services.db, {
          production: false,
          now: t.clock.now,
          secrets: secrets(),
        }),
      ]);
      expect(runs[0] + runs[1]).toBe(40);
    } finally {
      await second.close();
    }
    const ids = receiver.received.map((e) => e.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect((await deliveries(id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(
      true,
    );
  });

  test('a server that dies mid-attempt: the event is neither lost nor sent twice by the living', async () => {
    const id = await endpoint(['kol.payout.sent']);
    await queue('kol.payout.sent', { payoutId: 'P1' });
    await queue('kol.payout.sent', { payoutId: 'P2' });
    // The dead process had claimed the first and never recorded its attempt.
    const [claimed] = await deliveries(id);
    await db()
      .updateTable('webhook_deliveries')
      .set({ status: 'sending', claimed_at: t.clock.now })
      .where('id', '=', claimed?.id ?? 0)
      .execute();
    // A restarted server sends the other at once, and leaves the claimed one to its claim.
    const restarted = await secondProcess(t);
    try {
      await runScheduledJobs(restarted.app.services, t.clock.now);
      expect(receiver.received.map((e) => e.data.payoutId)).toEqual(['P2']);
      t.clock.advance(60_000);
      await runScheduledJobs(restarted.app.services, t.clock.now);
      expect(receiver.received).toHaveLength(1);
      // When the claim has lapsed, the delivery is made again: at least once.
      t.clock.advance(2 * 60_000);
      await runScheduledJobs(restarted.app.services, t.clock.now);
    } finally {
      await restarted.close();
    }
    expect(receiver.received.map((e) => e.data.payoutId)).toEqual(['P2', 'P1']);
    expect((await deliveries(id)).map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });
});

describe('server-side request forgery', () => {
  test('at delivery time a private or link-local address is refused without connecting', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data/']) {
      const id = await endpoint(['order.refunded'], url);
      await queue('order.refunded');
      await jobs();
      const [row] = await deliveries(id);
      expect(row).toMatchObject({ status: 'due', attempts: 1, response_status: null });
      expect(row?.last_error).toBe('webhook URL refused: not_public');
    }
  });

  test('in production loopback is refused at delivery time', async () => {
    const id = await endpoint(['membership.ended']);
    await queue('membership.ended');
    expect(
      await deliverWebhooks(db(), { production: true, now: t.clock.now, secrets: secrets() }),
    ).toBe(0);
    expect(receiver.received).toEqual([]);
    const [row] = await deliveries(id);
    expect(row?.last_error).toBe('webhook URL refused: not_public');
    // The same queue outside production: delivered.
    t.clock.now = row?.due_at ?? t.clock.now;
    expect(
      await deliverWebhooks(db(), { production: false, now: t.clock.now, secrets: secrets() }),
    ).toBe(1);
  });

  test('a redirect is not followed: a 3xx is a failed attempt', async () => {
    const { createServer } = await import('node:http');
    const hits: string[] = [];
    const redirector = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(302, { location: receiver.url }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const address = redirector.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const id = await endpoint(['order.paid'], `http://127.0.0.1:${port}/go`);
      await queue('order.paid');
      await jobs();
      const [row] = await deliveries(id);
      expect(row).toMatchObject({ status: 'due', response_status: 302 });
      expect(hits).toEqual(['/go']);
      expect(receiver.received).toEqual([]);
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});
