import { randomBytes } from 'node:crypto';
import { MS_PER_DAY, WEBHOOK_EVENT_TYPES } from '@nimbus/domain';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { recordPayout } from '../../src/inviters/manage-kols.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { queueWebhookEvent, sealWebhookSecret, webhookSecrets } from '../../src/webhooks/index.ts';
import { buy, pressOnCheckout } from '../support/payments.ts';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { newKolLedger, signedIn } from '../support/kol-ledger.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// Each event is queued where its thing happens, in that transaction, and reaches a receiver
// that chose it (docs/webhooks.md lists them). node.offline comes from the alerts (lead's
// src/alerts) and is not played here.

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  receiver = await startWebhookReceiver({ nowSeconds: () => Math.floor(t.clock.now / 1000) });
  receiver.secret = `whsec_${randomBytes(32).toString('base64url')}`;
  await t.app.services.db
    .insertInto('webhook_endpoints')
    .values({
      url: receiver.url,
      description: 'all events',
      events: JSON.stringify(WEBHOOK_EVENT_TYPES),
      enabled: 1,
      secret: sealWebhookSecret(webhookSecrets(t.app.services.secret), receiver.secret),
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .execute();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Runs the jobs and answers the events received since the last call. */
let seen = 0;
async function received() {
  await runScheduledJobs(t.app.services, t.clock.now);
  const events = receiver.received.slice(seen);
  seen = receiver.received.length;
  expect(events.every((e) => e.verified)).toBe(true);
  return events;
}

test('registration, purchase, refund, ticket, KOL commission and payout, membership end', async () => {
  // A KOL with invited buyers (their registrations are user.created too).
  const kol = await newKolLedger(t, 50);
  await received();

  const client = new Client(t.app);
  const { userId } = await registerWithUsername(client);
  expect((await received()).map((e) => [e.type, e.data])).toEqual([
    [
      'user.created',
      {
        userId: String(userId),
        source: 'registration',
        accountType: 'username',
        language: expect.any(String),
        invited: false,
      },
    ],
  ]);

  const buyer = await signedIn(t, kol.buyers[0] ?? 0);
  const order = await buy(buyer, { productId: '1' });
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
  const paid = await received();
  expect(paid.map((e) => e.type).sort()).toEqual(
    ['kol.commission.created', 'membership.extended', 'order.paid'].sort(),
  );
  expect(paid.find((e) => e.type === 'kol.commission.created')?.data).toMatchObject({
    kolId: String(kol.kolId),
    orderId: order.orderId,
    referredUserId: String(kol.buyers[0]),
  });
  const extended = paid.find((e) => e.type === 'membership.extended');
  expect(extended?.data).toMatchObject({
    userId: String(kol.buyers[0]),
    plan: expect.stringMatching(/^(standard|lite)$/),
    standardExpiresAt: expect.any(Number),
  });

  const { ticket } = await buyer.ok('userTicketOpen', {
    subject: 'Payment question',
    category: 'payment',
    message: 'Hello',
    orderId: order.orderId,
  });
  expect((await received()).map((e) => [e.type, e.data])).toEqual([
    [
      'ticket.created',
      {
        ticketId: ticket.ticketId,
        userId: String(kol.buyers[0]),
        category: 'payment',
        subject: 'Payment question',
        orderId: order.orderId,
      },
    ],
  ]);

  // More purchases paid, held past the holding period, paid out.
  for (const b of [kol.buyers[1], kol.buyers[2]]) {
    const more = await buy(await signedIn(t, b ?? 0), { productId: '4' });
    await pressOnCheckout(t, more.checkoutUrl, 'pay');
  }
  await received();
  t.clock.advance(31 * MS_PER_DAY);
  const payout = await recordPayout(t.app.services.db, t.app.services.dialect, kol.kolId, null, {
    actor: 'ops:test',
    now: t.clock.now,
  });
  const payoutEvents = await received();
  expect(payoutEvents.find((e) => e.type === 'kol.payout.sent')?.data).toMatchObject({
    payoutId: payout.payoutId,
    kolId: String(kol.kolId),
    amountMinor: payout.amountMinor,
    currency: 'USD',
  });

  await refundOrder(t.app.services, order.orderId, 'ops:test', t.clock.now);
  const refunded = await received();
  expect(refunded.find((e) => e.type === 'order.refunded')?.data).toMatchObject({
    orderId: order.orderId,
    userId: String(kol.buyers[0]),
  });

  // The second buyer's membership runs out: membership.ended, once. (The notice job looks at
  // paid members with an e-mail address: membership-store membersDueNotice.)
  await t.app.services.db
    .updateTable('users')
    .set({ email: `ended.${Date.now()}@example.com` })
    .where('id', '=', kol.buyers[1] ?? 0)
    .execute();
  const row = await t.app.services.db
    .selectFrom('users')
    .select(['standard_expires_at', 'lite_expires_at'])
    .where('id', '=', kol.buyers[1] ?? 0)
    .executeTakeFirstOrThrow();
  const end = row.standard_expires_at ?? row.lite_expires_at ?? 0;
  t.clock.now = end + 60_000;
  const ended = (await received()).filter((e) => e.type === 'membership.ended');
  expect(ended.map((e) => e.data)).toEqual([
    { userId: String(kol.buyers[1]), plan: expect.any(String), endedAt: end },
  ]);
  expect((await received()).filter((e) => e.type === 'membership.ended')).toEqual([]);
});

test('an event queued in a transaction that rolls back is never sent', async () => {
  const count = async () =>
    Number(
      (
        await t.app.services.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  await expect(
    t.app.services.db.transaction().execute(async (trx) => {
      await queueWebhookEvent(trx, { type: 'user.created', data: {}, now: t.clock.now });
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  expect(await count()).toBe(before);
  expect(await received()).toEqual([]);
});
