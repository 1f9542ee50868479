import { MS_PER_DAY, OrderStatus } from '@nimbus/domain';
import { startEpayStandin, type EpayStandin } from '@nimbus/e2e-kit/epay';
import { startStripeStandin, type StripeStandin } from '@nimbus/e2e-kit/stripe';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { markKol } from '../../src/inviters/manage-kols.ts';
import { paymentProblems } from './consistency.ts';
import {
  acknowledged,
  call,
  deliver,
  DIALECT,
  eventId,
  idempotencyKey,
  integrityProblems,
  kill,
  quickUsers,
  startServer,
  stop,
  type Answer,
  type PaymentEventInput,
  type QuickUser,
  type ServerProcess,
  type Store,
  withBundleAndStore,
  type Bundle,
} from './harness.ts';
import { kolTotalsDrift, paidOrdersDrift } from '../../src/inviters/kol-totals-store.ts';

// The server process is killed with SIGKILL in the middle of a load of purchases and provider
// webhooks, three times, each time at a random moment, and restarted on the same data (a SQLite
// file, or a PostgreSQL schema). Clients retry the purchases they got no answer to (same
// idempotency key) and the providers retry every webhook that was not acknowledged, as real
// ones do. Three providers take the payments: the sandbox (PayPal), Stripe (cards, through the
// SDK against a local stand-in of its API, events signed by the SDK's test-header helper) and an
// EPay gateway stand-in (Alipay, signed notifies). Then every acknowledged write must be there,
// every payment credited exactly once, nothing half-applied, and the database intact.

let bundle: Bundle;
let store: Store;
withBundleAndStore((b, s) => {
  [bundle, store] = [b, s];
});
let stripe: StripeStandin;
let epay: EpayStandin;
beforeAll(async () => {
  [stripe, epay] = await Promise.all([startStripeStandin(), startEpayStandin()]);
});
afterAll(async () => {
  await Promise.all([stripe.close(), epay.close()]);
});
// The server as production runs it: two worker processes behind one port. SIGKILL takes the
// primary; its workers end with it.
const providerEnv = () => ({
  WORKERS: '2',
  ...stripe.env,
  STRIPE_METHODS: 'card',
  ...epay.env,
  EPAY_METHODS: 'alipay',
  EPAY_CURRENCY: 'USD',
  PAYMENT_METHODS: 'paypal',
});

/** Who takes each method in this installation. */
const METHODS = ['paypal', 'card', 'alipay'] as const;
type Method = (typeof METHODS)[number];

const PRODUCTS = [
  { id: '1', amountMinor: 1299 },
  { id: '2', amountMinor: 3299 },
  { id: '5', amountMinor: 699 },
] as const;

interface Purchase {
  user: QuickUser;
  productId: string;
  amountMinor: number;
  key: string;
  method: Method;
  /** The order the server acknowledged for this attempt, and its provider's checkout. */
  orderId?: string;
  checkoutUrl?: string | null;
  /** What the buyer does at the checkout: most pay, some fail. */
  outcome: 'paid' | 'failed';
  /** The provider has sent its event(s) for the order. */
  eventsSent?: boolean;
}

interface Delivery {
  orderId: string;
  /** What the event decides, or undefined for one that changes nothing (Stripe's unpaid completion). */
  type: 'paid' | 'failed' | undefined;
  acknowledged: boolean;
  /** Sends it (again, signed anew as providers do) to a server; true when acknowledged. */
  send(base: string): Promise<boolean>;
}

/** A Stripe event sent as Stripe sends it; acknowledged by any 2xx. */
async function sendStripe(base: string, event: Stripe.Event): Promise<boolean> {
  const { body, signature } = stripe.sign(event);
  const res = await fetch(`${base}/v4/payment/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  await res.arrayBuffer();
  return res.status >= 200 && res.status < 300;
}

/** An EPay notify; the gateway takes only the plain text `success` as an acknowledgement. */
async function sendEpay(base: string, fields: Record<string, string>): Promise<boolean> {
  const answer = await epay.notify(`${base}/v4/payment/webhook/epay`, fields);
  return answer.status === 200 && answer.text === 'success';
}

const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Whatever happens to the request: an answer read to the end, or undefined. */
const settle = <T>(p: Promise<Answer<T>>): Promise<Answer<T> | undefined> =>
  p.then(
    (a) => a,
    () => undefined,
  );

class Load {
  readonly purchases: Purchase[] = [];
  readonly deliveries: Delivery[] = [];
  acknowledgedRequests = 0;

  constructor(readonly buyers: QuickUser[]) {}

  async purchase(base: string, p: Purchase): Promise<void> {
    // A double click: the same attempt sent twice at once, sometimes.
    const copies = Math.random() < 0.3 ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        settle(
          call<{ orderId: string; status: string; checkoutUrl: string | null }>(
            base,
            'paymentPurchase',
            p.user.token,
            { productId: p.productId, paymentMethod: p.method, idempotencyKey: p.key },
          ),
        ),
      ),
    );
    for (const a of answers) {
      if (!acknowledged(a)) continue;
      this.acknowledgedRequests++;
      const { orderId, checkoutUrl } = a.envelope.data as {
        orderId: string;
        checkoutUrl: string | null;
      };
      if (p.orderId !== undefined && p.orderId !== orderId)
        throw new Error(`one idempotency key answered two orders: ${p.orderId}, ${orderId}`);
      if (p.checkoutUrl && checkoutUrl !== p.checkoutUrl)
        throw new Error(
          `order ${orderId} answered two checkouts: ${p.checkoutUrl}, ${checkoutUrl}`,
        );
      p.orderId = orderId;
      p.checkoutUrl = checkoutUrl;
    }
  }

  /** The provider's events for an acknowledged order, as its provider sends them. */
  private eventsOf(store: Store, p: Purchase & { orderId: string }): Delivery[] {
    const orderId = p.orderId;
    if (p.method === 'card') {
      // Stripe: the buyer pays on the hosted page; a declined wallet payment completes unpaid,
      // then fails.
      const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(p.checkoutUrl ?? '')?.[1];
      if (!sessionId) throw new Error(`order ${orderId} has no Stripe checkout: ${p.checkoutUrl}`);
      const events = stripe.pay(
        sessionId,
        p.outcome === 'failed' ? { async: true, fail: true } : {},
      );
      return events.map((event) => ({
        orderId,
        type:
          event.type === 'checkout.session.async_payment_failed'
            ? 'failed'
            : p.outcome === 'paid'
              ? 'paid'
              : undefined,
        acknowledged: false,
        send: (base) => sendStripe(base, event),
      }));
    }
    if (p.method === 'alipay') {
      const submitted = Object.fromEntries(new URL(p.checkoutUrl ?? '').searchParams);
      const fields = epay.notifyFields(submitted);
      return [
        { orderId, type: 'paid', acknowledged: false, send: (base) => sendEpay(base, fields) },
      ];
    }
    const event: PaymentEventInput = {
      id: eventId(),
      type: p.outcome,
      orderId,
      amountMinor: p.amountMinor,
      currency: 'USD',
    };
    const events = [event];
    // Sometimes a second event of the same payment.
    if (Math.random() < 0.15) events.push({ ...event, id: eventId() });
    return events.map((e) => ({
      orderId,
      type: e.type === 'refunded' ? undefined : e.type,
      acknowledged: false,
      send: async (base) => acknowledged(await settle(deliver(base, store, e))),
    }));
  }

  /**
   * The provider's events for an acknowledged order: delivered, sometimes twice at once.
   */
  async pay(base: string, store: Store, p: Purchase): Promise<void> {
    if (p.orderId === undefined || p.eventsSent) return;
    p.eventsSent = true;
    const deliveries = this.eventsOf(store, { ...p, orderId: p.orderId });
    for (const d of deliveries) this.deliveries.push(d);
    await Promise.all(
      deliveries.flatMap((d) =>
        Array.from({ length: Math.random() < 0.3 ? 2 : 1 }, async () => {
          if (await d.send(base).catch(() => false)) {
            this.acknowledgedRequests++;
            d.acknowledged = true;
          }
        }),
      ),
    );
  }

  /** One client: buy, pay, again, until told to stop. */
  async worker(base: string, store: Store, running: () => boolean): Promise<void> {
    while (running()) {
      const product = random(PRODUCTS);
      const method = random(METHODS);
      const p: Purchase = {
        user: random(this.buyers),
        productId: product.id,
        amountMinor: product.amountMinor,
        method,
        key: idempotencyKey(),
        // An EPay gateway notifies successful trades only.
        outcome: method !== 'alipay' && Math.random() < 0.1 ? 'failed' : 'paid',
      };
      this.purchases.push(p);
      await this.purchase(base, p);
      if (running()) await this.pay(base, store, p);
    }
  }

  /**
   * After a restart: each client retries its unanswered purchase, the provider its unacknowledged
   * events.
   */
  async retry(base: string, store: Store): Promise<void> {
    const unpaid = this.purchases.filter((p) => p.orderId === undefined);
    for (let attempt = 0; attempt < 3 && unpaid.some((p) => p.orderId === undefined); attempt++) {
      await Promise.all(
        unpaid.filter((p) => p.orderId === undefined).map((p) => this.purchase(base, p)),
      );
    }
    // Orders acknowledged (now, or just before the kill) whose payment has not been made yet.
    await Promise.all(this.purchases.map((p) => this.pay(base, store, p)));
    const pending = () => this.deliveries.filter((d) => !d.acknowledged);
    for (let attempt = 0; attempt < 3 && pending().length > 0; attempt++) {
      await Promise.all(
        pending().map(async (d) => {
          if (await d.send(base).catch(() => false)) d.acknowledged = true;
        }),
      );
    }
  }
}

/** What must be true the moment a server comes back: every acknowledged write is there. */
async function acknowledgedWritesKept(load: Load): Promise<string[]> {
  const problems: string[] = [];
  const orders = new Map(
    (
      await store.db
        .selectFrom('orders')
        .select(['public_id', 'status', 'user_id', 'idempotency_key'])
        .execute()
    ).map((o) => [o.public_id, o]),
  );
  for (const p of load.purchases) {
    if (p.orderId === undefined) continue;
    const o = orders.get(p.orderId);
    if (!o || o.user_id !== p.user.userId || o.idempotency_key !== p.key)
      problems.push(`acknowledged order ${p.orderId} is missing`);
  }
  for (const d of load.deliveries) {
    if (!d.acknowledged || d.type === undefined) continue;
    const status = orders.get(d.orderId)?.status;
    const expected = d.type === 'paid' ? OrderStatus.PAID : OrderStatus.FAILED;
    if (status !== expected)
      problems.push(`acknowledged ${d.type} event: order ${d.orderId} is ${status}`);
  }
  return problems;
}

describe(`SIGKILL in the middle of purchases and webhooks (${DIALECT})`, () => {
  test('every acknowledged payment is credited exactly once, nothing half-applied, the database intact', async () => {
    const [inviter] = await quickUsers(store, 1, { standardDays: 30 });
    const [kol] = await quickUsers(store, 1);
    if (!inviter || !kol) throw new Error('no fixtures');
    await markKol(store.db, store.handle.dialect, kol.userId, 30, {
      actor: 'ops:test',
      now: Date.now(),
    });
    const invited = await quickUsers(store, 6, { inviterId: inviter.userId });
    const referred = await quickUsers(store, 6, { inviterId: kol.userId });
    const plain = await quickUsers(store, 8);
    const load = new Load([...invited, ...referred, ...plain]);

    const kills: string[] = [];
    let server: ServerProcess | undefined;
    for (let round = 0; round < 3; round++) {
      server = await startServer(bundle.dir, store, providerEnv());
      expect(
        await acknowledgedWritesKept(load),
        `after restart ${round} (kills: ${kills.join(', ')})`,
      ).toEqual([]);
      const base = server.base;
      await load.retry(base, store);
      let running = true;
      const acknowledgedBefore = load.acknowledgedRequests;
      const workers = Array.from({ length: 12 }, () => load.worker(base, store, () => running));
      // A random moment once the load is under way (at least 20 requests acknowledged, however
      // busy the machine is), then 0-800 ms more.
      const started = Date.now();
      while (load.acknowledgedRequests - acknowledgedBefore < 20 && Date.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 10));
      const extra = Math.floor(Math.random() * 800);
      await new Promise((r) => setTimeout(r, extra));
      const delay = Date.now() - started;
      await kill(server);
      running = false;
      await Promise.all(workers);
      const cutOff =
        load.purchases.filter((p) => p.orderId === undefined).length +
        load.deliveries.filter((d) => !d.acknowledged).length;
      kills.push(
        `${delay} ms (${load.acknowledgedRequests - acknowledgedBefore} acknowledged, ${cutOff} cut off)`,
      );
      // The kill landed in the middle of the load: requests were acknowledged before it, others cut
      // off.
      expect(load.acknowledgedRequests - acknowledgedBefore, `round ${round}`).toBeGreaterThan(0);
      expect(cutOff, `round ${round}`).toBeGreaterThan(0);
    }

    server = await startServer(bundle.dir, store, providerEnv());
    expect(
      await acknowledgedWritesKept(load),
      `after the last restart (kills: ${kills.join(', ')})`,
    ).toEqual([]);
    await load.retry(server.base, store);
    expect((await stop(server)).code).toBe(0);

    // Every attempt got its order in the end, and every event its acknowledgement.
    expect(load.purchases.filter((p) => p.orderId === undefined)).toEqual([]);
    expect(load.deliveries.filter((d) => !d.acknowledged)).toEqual([]);
    expect(await acknowledgedWritesKept(load)).toEqual([]);

    // One order per attempt, none more (a retried key is the same order, also across a crash).
    const orders = await store.db.selectFrom('orders').selectAll().execute();
    expect(orders.length, `kills: ${kills.join(', ')}`).toBe(load.purchases.length);
    const outcomeOf = new Map(load.purchases.map((p) => [p.orderId, p.outcome]));
    for (const o of orders)
      expect(o.status, o.public_id).toBe(
        outcomeOf.get(o.public_id) === 'paid' ? OrderStatus.PAID : OrderStatus.FAILED,
      );

    // Each buyer's membership is the sum of the plans they paid for, counted from the payment
    // credited first. That is one of their payments, not always the earliest paid_at: two
    // payments of one buyer confirmed milliseconds apart may be credited in the other order.
    const users = new Map(
      (await store.db.selectFrom('users').selectAll().execute()).map((u) => [u.id, u]),
    );
    for (const buyer of load.buyers) {
      const paid = orders.filter(
        (o) => o.user_id === buyer.userId && o.status === OrderStatus.PAID,
      );
      for (const groupType of [1, 2]) {
        const mine = paid.filter((o) => o.group_type === groupType);
        const user = users.get(buyer.userId);
        const expiry = groupType === 1 ? user?.standard_expires_at : user?.lite_expires_at;
        const label = `user ${buyer.userId}, group type ${groupType}`;
        if (mine.length === 0) {
          expect(expiry, label).toBeNull();
          continue;
        }
        const total = mine.reduce((s, o) => s + o.duration_days, 0) * MS_PER_DAY;
        expect(
          mine.map((o) => o.paid_at),
          `${label}: expiry ${expiry} minus the paid plans is no payment's time`,
        ).toContain((expiry ?? 0) - total);
      }
    }

    // The running totals and the paid marks were written with each change, never without it.
    expect((await kolTotalsDrift(store.db, store.handle.dialect)).drift).toEqual([]);
    expect(await paidOrdersDrift(store.db)).toEqual([]);

    // The ordinary inviter got the bonus of each friend's first purchase; the KOL a commission on
    // every purchase of theirs.
    const rewards = await store.db.selectFrom('invitation_rewards').selectAll().execute();
    const rewardedFriends = (ids: QuickUser[]) =>
      ids.filter((u) => orders.some((o) => o.user_id === u.userId && o.status === OrderStatus.PAID))
        .length;
    expect(rewards.filter((r) => r.inviter_id === inviter.userId)).toHaveLength(
      rewardedFriends(invited),
    );
    expect(rewards.filter((r) => r.inviter_id === kol.userId)).toHaveLength(
      rewardedFriends(referred),
    );
    expect(
      rewards.filter((r) => r.inviter_id === kol.userId).every((r) => r.bonus_seconds === 0),
    ).toBe(true);
    const bonusMs = rewards
      .filter((r) => r.inviter_id === inviter.userId && r.bonus_group_type === 1)
      .reduce((s, r) => s + r.bonus_seconds * 1000, 0);
    const initial = await store.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'referral.bonus')
      .orderBy('id')
      .executeTakeFirst();
    if (initial) {
      const start = (JSON.parse(initial.data) as { before: { standardExpiresAt: number } }).before
        .standardExpiresAt;
      expect(users.get(inviter.userId)?.standard_expires_at).toBe(start + bonusMs);
    }
    const commissions = await store.db.selectFrom('kol_commissions').selectAll().execute();
    const referredPaid = orders.filter(
      (o) => o.status === OrderStatus.PAID && referred.some((u) => u.userId === o.user_id),
    );
    expect(commissions.map((c) => c.order_id).sort()).toEqual(referredPaid.map((o) => o.id).sort());

    expect(await paymentProblems(store.db)).toEqual([]);
    expect(await integrityProblems(store)).toEqual([]);
    console.info(
      `crash (${DIALECT}): ${load.purchases.length} purchases, ${load.deliveries.length} events (${METHODS.map((m) => `${m} ${load.purchases.filter((p) => p.method === m).length}`).join(', ')}), ${orders.filter((o) => o.status === OrderStatus.PAID).length} paid; kills at ${kills.join(', ')}`,
    );
  }, 150_000);
});
