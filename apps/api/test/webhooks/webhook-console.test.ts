import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { auditActions, buy, pressOnCheckout } from '../support/payments.ts';
import { quickUser } from '../support/group-buy.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The console's webhook calls (admin): an endpoint made with its secret shown once, refused
// URLs (server-side request forgery) with a localised 4xx and nothing written, the delivery log
// and replay, rotation and deletion, each audited.

let t: TestApp;
let admin: SignedInOperator;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  admin = await enrolledOperator(t, 'admin');
  receiver = await startWebhookReceiver({ nowSeconds: () => Math.floor(t.clock.now / 1000) });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const endpointCount = async () =>
  (await t.app.services.db.selectFrom('webhook_endpoints').select('id').execute()).length;

test('refused URLs: a clear 4xx in the operator’s language, nothing created', async () => {
  const cases: [string, string, string][] = [
    ['http://10.0.0.5/hook', 'private', '私有'],
    ['http://169.254.169.254/latest', 'private', '私有'],
    ['http://[fd00::1]/hook', 'private', '私有'],
    ['ftp://example.com/hook', 'https://', 'https://'],
    ['https://user:pw@example.com/hook', 'user name', '用户名'],
    ['https://nothing.invalid/hook', 'could not be found', '找不到'],
  ];
  for (const [url, en, zh] of cases) {
    for (const [language, words] of [
      ['en', en],
      ['zh_CN', zh],
    ] as const) {
      admin.client.language = language;
      const answer = await admin.client.call('adminWebhookCreate', {
        url,
        description: 'bad',
        events: ['order.paid'],
        enabled: true,
      });
      expect([url, answer.status, answer.body.code]).toEqual([
        url,
        400,
        ErrorCode.WEBHOOK_URL_REFUSED.code,
      ]);
      expect(answer.body.msg).toContain(words);
    }
  }
  admin.client.language = 'en';
  expect(await endpointCount()).toBe(0);
});

test('create, see deliveries, replay, rotate, delete', async () => {
  const created = await admin.client.ok('adminWebhookCreate', {
    url: ` ${receiver.url} `,
    description: 'Accounting',
    events: ['order.paid', 'order.paid', 'order.refunded'],
    enabled: true,
  });
  expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  expect(created.endpoint).toMatchObject({
    url: receiver.url,
    description: 'Accounting',
    events: ['order.paid', 'order.refunded'],
    enabled: true,
    secretHint: created.secret.slice(-4),
  });
  // The secret is shown once: the list has only its hint.
  const listed = await admin.client.ok('adminWebhookList', {});
  expect(JSON.stringify(listed)).not.toContain(created.secret);
  receiver.secret = created.secret;
  const endpointId = created.endpoint.endpointId;
  // Kept sealed: the database alone cannot sign as Nimbus.
  const stored = await t.app.services.db
    .selectFrom('webhook_endpoints')
    .select('secret')
    .where('id', '=', Number(endpointId))
    .executeTakeFirstOrThrow();
  expect(stored.secret).toMatch(/^v1\./);
  expect(stored.secret).not.toContain(created.secret.slice(6));

  const { client } = await quickUser(t);
  const order = await buy(client, { productId: '1' });
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
  receiver.failFirst = 1;
  receiver.refused = 0;
  await runScheduledJobs(t.app.services, t.clock.now);
  let log = await admin.client.ok('adminWebhookDeliveries', { endpointId, page: 1, pageSize: 10 });
  expect(log.total).toBe(1);
  const [first] = log.items;
  expect(first).toMatchObject({
    eventType: 'order.paid',
    status: 'due',
    attempts: 1,
    responseStatus: 500,
    lastError: 'HTTP 500',
    nextAttemptAt: t.clock.now + 60_000,
  });
  expect(JSON.parse(first?.payload ?? '{}')).toMatchObject({
    type: 'order.paid',
    data: { orderId: order.orderId },
  });
  expect((await admin.client.ok('adminWebhookList', {})).items[0]).toMatchObject({ due: 1 });

  // Replay: due now, sent by the next run.
  const replayed = await admin.client.ok('adminWebhookReplay', {
    deliveryId: first?.deliveryId ?? '',
  });
  expect(replayed.delivery).toMatchObject({ status: 'due', nextAttemptAt: t.clock.now });
  await runScheduledJobs(t.app.services, t.clock.now);
  log = await admin.client.ok('adminWebhookDeliveries', { endpointId, page: 1, pageSize: 10 });
  expect(log.items[0]).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
  expect(receiver.received.map((e) => [e.type, e.verified])).toEqual([['order.paid', true]]);
  // A delivered one can be sent again (a receiver that lost it).
  await admin.client.ok('adminWebhookReplay', { deliveryId: first?.deliveryId ?? '' });
  await runScheduledJobs(t.app.services, t.clock.now);
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1]?.id).toBe(receiver.received[0]?.id);

  // Rotation: a new secret signs from now on.
  const rotated = await admin.client.ok('adminWebhookRotateSecret', { endpointId });
  expect(rotated.secret).not.toBe(created.secret);
  await admin.client.ok('adminWebhookReplay', { deliveryId: first?.deliveryId ?? '' });
  await runScheduledJobs(t.app.services, t.clock.now);
  expect(receiver.received[2]?.verified).toBe(false);

  const updated = await admin.client.ok('adminWebhookUpdate', {
    endpointId,
    url: receiver.url,
    description: 'Accounting (off)',
    events: ['ticket.created'],
    enabled: false,
  });
  expect(updated.endpoint).toMatchObject({ enabled: false, events: ['ticket.created'] });

  expect(await admin.client.ok('adminWebhookDelete', { endpointId })).toEqual({ endpointId });
  const gone = await admin.client.call('adminWebhookDeliveries', {
    endpointId,
    page: 1,
    pageSize: 10,
  });
  expect(gone.body.code).toBe(ErrorCode.WEBHOOK_NOT_FOUND.code);
  expect(gone.status).toBe(404);
  expect(await auditActions(t, 'webhook', endpointId)).toEqual([
    'webhook.created',
    'webhook.replayed',
    'webhook.replayed',
    'webhook.secret_rotated',
    'webhook.replayed',
    'webhook.updated',
    'webhook.deleted',
  ]);
});
