import { startStripeStandin, type StripeStandin } from '@nimbus/e2e-kit/stripe';
import { startTelegramStandin, type TelegramStandin } from '@nimbus/e2e-kit/telegram';
import { MS_PER_MINUTE } from '@nimbus/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { setNodeEnabled } from '../../src/nodes/node-store.ts';
import { feed, testNode, TROJAN_NODE, type TestNode } from '../nodes/feed-helpers.ts';
import { buy, buyer } from '../support/payments.ts';
import { sealWebhookSecret, webhookSecrets } from '../../src/webhooks/index.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Operator alerts in Telegram (src/alerts/README.md) against the Bot API and Stripe stand-ins: a
// node gone silent, a payment provider failing, a dispute; each told once to the operators'
// chat however many servers or job runs see it, then "back" once it is over.

const CHAT = '-1001234567890';
let telegram: TelegramStandin;
let stripe: StripeStandin;
let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  telegram = await startTelegramStandin();
  stripe = await startStripeStandin();
  t = await startTestApp({
    env: {
      ...telegram.env,
      ...stripe.env,
      PAYMENT_SANDBOX: 'false',
      JOBS_INTERVAL_SECONDS: '0',
      ALERTS_TELEGRAM_CHAT: CHAT,
      ALERTS_LANGUAGE: 'en',
      ALERTS_NODE_OFFLINE_MINUTES: '10',
    },
  });
  receiver = await startWebhookReceiver({ nowSeconds: () => Math.floor(t.clock.now / 1000) });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await stripe.close();
  await telegram.close();
});

const CHANGE = () => ({ actor: 'ops:test' as const, now: t.clock.now });
/** The scheduled jobs, as every server runs them (they also send the Telegram queue). */
const jobs = () => runScheduledJobs(t.app.services, t.clock.now);
/** What the operators' chat received since `from` (an index into the stand-in's log). */
const alertsSince = (from: number) =>
  telegram.sent
    .slice(from)
    .filter((m) => m.chatId === CHAT)
    .map((m) => m.text);

async function reportingNode(): Promise<TestNode> {
  const node = await testNode(t, TROJAN_NODE);
  expect((await feed(t, node, 'GET', 'user')).status).toBe(200);
  return node;
}

describe('nodes', () => {
  test('a node silent past the limit is alerted once, however many runs see it, and its return once', async () => {
    const node = await reportingNode();
    const from = telegram.sent.length;
    t.clock.advance(9 * MS_PER_MINUTE);
    await jobs();
    expect(alertsSince(from)).toEqual([]);

    t.clock.advance(2 * MS_PER_MINUTE);
    // Two servers' job runs at once, then another later: one message.
    await Promise.all([jobs(), jobs()]);
    t.clock.advance(5 * MS_PER_MINUTE);
    await jobs();
    const offline = alertsSince(from);
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatch(
      new RegExp(`^⚠️ Node Feed Trojan \\(${node.key}\\) is offline: no report for 10 minutes`),
    );

    // It pulls again: back, said once.
    expect((await feed(t, node, 'GET', 'user')).status).toBe(200);
    await Promise.all([jobs(), jobs()]);
    await jobs();
    expect(alertsSince(from).slice(1)).toEqual([
      `✅ Node Feed Trojan (${node.key}) is back online.`,
    ]);
    await setNodeEnabled(t.app.services.db, node.key, false, CHANGE());
  });

  test('an alerted node also sends the node.offline webhook event, once', async () => {
    const secret = `whsec_${'a1'.repeat(16)}`;
    await t.app.services.db
      .insertInto('webhook_endpoints')
      .values({
        url: receiver.url,
        description: 'node watch',
        events: JSON.stringify(['node.offline']),
        enabled: 1,
        // Stored sealed, as the console stores it.
        secret: sealWebhookSecret(webhookSecrets(t.app.services.secret), secret),
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .execute();
    receiver.secret = secret;
    try {
      const node = await reportingNode();
      const seenAt = t.clock.now;
      t.clock.advance(11 * MS_PER_MINUTE);
      await Promise.all([jobs(), jobs()]);
      await jobs();
      const events = receiver.received.filter((e) => e.type === 'node.offline');
      expect(events).toEqual([
        expect.objectContaining({
          verified: true,
          data: { nodeKey: node.key, name: 'Feed Trojan', lastSeenAt: seenAt, offlineMinutes: 10 },
        }),
      ]);
      await setNodeEnabled(t.app.services.db, node.key, false, CHANGE());
    } finally {
      await t.app.services.db.updateTable('webhook_endpoints').set({ enabled: 0 }).execute();
    }
  });

  test('a node that never reported, or was switched off, is not alerted', async () => {
    const fresh = await testNode(t, TROJAN_NODE);
    const off = await reportingNode();
    await setNodeEnabled(t.app.services.db, off.key, false, CHANGE());
    const from = telegram.sent.length;
    t.clock.advance(60 * MS_PER_MINUTE);
    await jobs();
    const keys = alertsSince(from).join('\n');
    expect(keys).not.toContain(fresh.key);
    expect(keys).not.toContain(off.key);
    await setNodeEnabled(t.app.services.db, fresh.key, false, CHANGE());
  });

  test('in Chinese when the operators chose it; nothing once node alerts are off', async () => {
    await t.app.services.settings.set('alerts.language', 'zh-CN', CHANGE());
    const node = await reportingNode();
    const from = telegram.sent.length;
    t.clock.advance(11 * MS_PER_MINUTE);
    await jobs();
    expect(alertsSince(from)).toEqual([
      expect.stringMatching(
        new RegExp(`^⚠️ 节点 Feed Trojan（${node.key}）已离线：10 分钟没有上报`),
      ),
    ]);
    await setNodeEnabled(t.app.services.db, node.key, false, CHANGE());
    await t.app.services.settings.unset('alerts.language', CHANGE());

    await t.app.services.settings.set('alerts.nodeOfflineMinutes', 0, CHANGE());
    const quiet = await reportingNode();
    const later = telegram.sent.length;
    t.clock.advance(120 * MS_PER_MINUTE);
    await jobs();
    expect(alertsSince(later)).toEqual([]);
    await setNodeEnabled(t.app.services.db, quiet.key, false, CHANGE());
    await t.app.services.settings.unset('alerts.nodeOfflineMinutes', CHANGE());
  });
});

/** Delivers a Stripe event as Stripe does (signed now, on the server's clock). */
async function deliver(event: Stripe.Event) {
  const signed = stripe.sign(event, t.clock.now);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v4/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    payload: signed.body,
  });
  return res.statusCode;
}

describe('payments', () => {
  test('a provider failing to open checkouts is alerted once, and its recovery once', async () => {
    const { client } = await buyer(t);
    const from = telegram.sent.length;
    stripe.outage = true;
    try {
      for (let i = 0; i < 2; i++) {
        const failed = await client.call('paymentPurchase', {
          productId: '1',
          paymentMethod: 'card',
          idempotencyKey: `outage-${i}-${Date.now()}`,
        });
        expect(failed.status).toBeGreaterThanOrEqual(500);
      }
    } finally {
      stripe.outage = false;
    }
    await jobs();
    expect(alertsSince(from)).toEqual([
      expect.stringMatching(
        /^⚠️ Payment provider stripe is failing: a checkout could not be opened \(.*\)\. Buyers cannot pay with it until it works again\.$/,
      ),
    ]);

    await buy(client, { productId: '1' });
    await buy(client, { productId: '2' });
    await jobs();
    expect(alertsSince(from).slice(1)).toEqual([
      '✅ Payment provider stripe works again: a checkout opened.',
    ]);
  });

  test('a dispute is alerted once per order, even when Stripe sends it twice', async () => {
    const { client } = await buyer(t);
    const order = await buy(client, { productId: '2' });
    const session = [...stripe.sessions.values()].find((s) => order.checkoutUrl?.endsWith(s.id));
    if (!session) throw new Error('no session');
    const [paid] = stripe.pay(session.id);
    if (!paid) throw new Error('no event');
    expect(await deliver(paid)).toBe(200);
    const { payment_ref: intent } = await t.app.services.db
      .selectFrom('orders')
      .select('payment_ref')
      .where('public_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    const from = telegram.sent.length;
    const dispute = stripe.dispute(intent ?? '');
    expect(await deliver(dispute)).toBe(200);
    expect(await deliver(dispute)).toBe(200);
    await jobs();
    expect(alertsSince(from)).toEqual([
      `⚠️ Dispute on order ${order.orderId}: the buyer's bank took back 32.99 USD (stripe). The membership time it paid for was taken back; answer the dispute in the provider's dashboard.`,
    ]);
  });

  test('no dispute alert once the operators switched them off', async () => {
    await t.app.services.settings.set('alerts.disputes', false, CHANGE());
    try {
      const { client } = await buyer(t);
      const order = await buy(client, { productId: '2' });
      const session = [...stripe.sessions.values()].find((s) => order.checkoutUrl?.endsWith(s.id));
      const [paid] = stripe.pay(session?.id ?? '');
      if (!paid) throw new Error('no event');
      expect(await deliver(paid)).toBe(200);
      const { payment_ref: intent } = await t.app.services.db
        .selectFrom('orders')
        .select('payment_ref')
        .where('public_id', '=', order.orderId)
        .executeTakeFirstOrThrow();
      const from = telegram.sent.length;
      expect(await deliver(stripe.dispute(intent ?? ''))).toBe(200);
      await jobs();
      expect(alertsSince(from)).toEqual([]);
    } finally {
      await t.app.services.settings.unset('alerts.disputes', CHANGE());
    }
  });
});
