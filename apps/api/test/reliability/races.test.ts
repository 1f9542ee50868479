import { spawn } from 'node:child_process';
import path from 'node:path';
import { GroupBuyPaymentType, PromoKind, ShopGroupType } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kolBalances, markKol } from '../../src/inviters/manage-kols.ts';
import { kolTotalsDrift, paidOrdersDrift } from '../../src/inviters/kol-totals-store.ts';
import { createRedeemCode } from '../../src/membership/redeem-code.ts';
import { createPromoCode } from '../../src/orders/promo-codes.ts';
import { giveWallet } from '../support/kol-wallet.ts';
import { paymentProblems } from './consistency.ts';
import {
  acknowledged,
  auditRows,
  call,
  deliver,
  DIALECT,
  eventId,
  idempotencyKey,
  integrityProblems,
  quickUsers,
  startServer,
  stop,
  type Answer,
  type QuickUser,
  type ServerProcess,
  type Store,
  withBundleAndStore,
  type Bundle,
} from './harness.ts';

// Races over real HTTP between two server processes (`node main.js`, as `pnpm start` runs) on
// one database: the same SQLite file (separate processes, so SQLite's own locking decides, which
// the in-process tests cannot show: better-sqlite3 is synchronous in one thread) or the same
// PostgreSQL schema. Requests are fired at once and spread over both processes; each test then
// reads the database, not only the answers.
//
// Already covered in one process, not repeated here: 50 deliveries of one webhook
// (payments-checkout.test.ts), 5 double-submitted purchases (payments-checkout.test.ts), a per-user
// promo limit under 6 concurrent purchases and a 3-use redeem code among 5 users
// (payments-membership.test.ts), 100 joins of a 3-seat group on two in-process servers on
// PostgreSQL (group-buy-race.test.ts), 6 and 4 concurrent third-party enables
// (third-party-api.test.ts), two job runs refunding once (ops-process.test.ts).

let bundle: Bundle;
let store: Store;
let servers: ServerProcess[] = [];
withBundleAndStore((b, s) => {
  [bundle, store] = [b, s];
});
beforeAll(async () => {
  // One after the other: the first creates the keys, the second reads them.
  // One public origin for both (subscription links and checkout URLs are built from it). Each is a
  // multi-process server (two workers behind one port), as production runs: four processes race.
  const env = {
    WORKERS: '2',
    PUBLIC_URL: 'http://127.0.0.1:9',
    GROUP_BUY_ENABLED: 'true',
    KOL_HOLDING_DAYS: '0',
    JOBS_INTERVAL_SECONDS: '0',
  };
  servers = [await startServer(bundle.dir, store, env)];
  servers.push(await startServer(bundle.dir, store, env));
}, 120_000);
afterAll(async () => {
  if (process.env.RELIABILITY_DEBUG)
    for (const s of servers) console.log(s.logs.join('').slice(0, 6000));
  for (const s of servers) await stop(s);
});

// The last test checks the whole database; every test leaves what it did in it.
const CONTENDERS = 40;

const first = <T>(items: T[]): T => {
  if (items[0] === undefined) throw new Error('empty');
  return items[0];
};
const base = (i: number) => servers[i % servers.length]?.base ?? '';

/** Fires every call at once (i-th on process i mod 2) and waits for all answers. */
async function atOnce<T>(
  count: number,
  fire: (base: string, i: number) => Promise<Answer<T>>,
): Promise<Answer<T>[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => fire(base(i), i)));
}

const statuses = <T>(answers: Answer<T>[]): string[] =>
  answers.map((a) => (a.status === 200 && a.envelope.code === 200 ? 'OK' : a.envelope.status));

/** Pays an order through the provider's webhook. */
async function payOrder(orderId: string): Promise<void> {
  const order = await store.db
    .selectFrom('orders')
    .select(['amount_minor', 'currency'])
    .where('public_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const answer = await deliver(base(0), store, {
    id: eventId(),
    type: 'paid',
    orderId,
    amountMinor: order.amount_minor,
    currency: order.currency,
  });
  expect(answer.envelope.data?.outcome).toBe('applied');
}

async function purchase(b: string, user: QuickUser, input: Record<string, unknown>) {
  return call<{
    orderId: string;
    status: string;
    checkoutUrl: string | null;
    amount: { amountMinor: number };
  }>(b, 'paymentPurchase', user.token, {
    productId: '1',
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
    ...input,
  });
}

describe(`races between two server processes on one ${DIALECT} database`, () => {
  test(`duplicate webhooks: ${CONTENDERS * 2} deliveries of 8 orders' events (re-sent, and sent again under new ids) credit each order once`, async () => {
    const buyers = await quickUsers(store, 8);
    const orders = await Promise.all(
      buyers.map(
        async (b) => (await purchase(base(0), b, { productId: '2' })).envelope.data?.orderId ?? '',
      ),
    );
    const events = orders.flatMap((orderId) => {
      const first = {
        id: eventId(),
        type: 'paid' as const,
        orderId,
        amountMinor: 3299,
        currency: 'USD',
      };
      // 7 deliveries of one event, 3 other events of the same payment.
      return [
        ...Array.from({ length: 7 }, () => first),
        ...Array.from({ length: 3 }, () => ({ ...first, id: eventId() })),
      ];
    });
    const answers = await atOnce(events.length, (b, i) =>
      deliver(b, store, events[i] ?? first(events)),
    );
    expect(statuses(answers).filter((s) => s !== 'OK')).toEqual([]);
    for (const orderId of orders) {
      const outcomes = answers
        .filter((_, i) => events[i]?.orderId === orderId)
        .map((a) => a.envelope.data?.outcome);
      expect(
        outcomes.filter((o) => o === 'applied'),
        orderId,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate' || o === 'no_change')).toHaveLength(9);
    }
    const rows = await store.db
      .selectFrom('orders')
      .select(['status', 'credited_standard_ms'])
      .where('public_id', 'in', orders)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(orders.map(() => 'paid'));
    const credits = (await auditRows(store.db, ['membership.credited'])).filter((a) =>
      orders.includes(String(a.data.orderId)),
    );
    expect(credits).toHaveLength(orders.length);
    // 90 days each, once.
    const paid = await store.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.paid_at', 'users.standard_expires_at'])
      .where('orders.public_id', 'in', orders)
      .execute();
    for (const p of paid) expect(p.standard_expires_at).toBe((p.paid_at ?? 0) + 90 * 86_400_000);
    const recorded = await store.db
      .selectFrom('payment_events')
      .select(['event_id', 'outcome'])
      .where('event_id', 'in', [...new Set(events.map((e) => e.id))])
      .execute();
    expect(recorded).toHaveLength(orders.length * 4);
    expect(recorded.filter((e) => e.outcome === 'applied')).toHaveLength(orders.length);
  });

  test(`a double-clicked purchase: ${CONTENDERS} copies of one attempt are one order; a free one is credited once`, async () => {
    const [buyer] = await quickUsers(store, 1);
    if (!buyer) throw new Error('no buyer');
    const key = idempotencyKey();
    const answers = await atOnce(CONTENDERS, (b) =>
      purchase(b, buyer, { productId: '2', idempotencyKey: key }),
    );
    expect(statuses(answers).filter((s) => s !== 'OK')).toEqual([]);
    expect(new Set(answers.map((a) => a.envelope.data?.orderId)).size).toBe(1);
    const orders = await store.db
      .selectFrom('orders')
      .select(['public_id'])
      .where('user_id', '=', buyer.userId)
      .execute();
    expect(orders).toHaveLength(1);

    const code = `FREE${idempotencyKey().slice(0, 8).toUpperCase()}`;
    await createPromoCode(store.db, { code, kind: PromoKind.PERCENT, value: 100 }, Date.now());
    const freeKey = idempotencyKey();
    const free = await atOnce(CONTENDERS, (b) =>
      purchase(b, buyer, { productId: '5', promoCode: code, idempotencyKey: freeKey }),
    );
    expect(statuses(free).filter((s) => s !== 'OK')).toEqual([]);
    expect(new Set(free.map((a) => a.envelope.data?.orderId)).size).toBe(1);
    expect(free.every((a) => a.envelope.data?.status === 'paid')).toBe(true);
    const user = await store.db
      .selectFrom('users')
      .select(['lite_expires_at'])
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    const paid = await store.db
      .selectFrom('orders')
      .select(['paid_at'])
      .where('public_id', '=', free[0]?.envelope.data?.orderId ?? '')
      .executeTakeFirstOrThrow();
    expect(user.lite_expires_at).toBe((paid.paid_at ?? 0) + 30 * 86_400_000);
  });

  test(`group joins over capacity: ${CONTENDERS} friends for the 2 free seats of a paid 3-person group`, async () => {
    const [creator] = await quickUsers(store, 1);
    if (!creator) throw new Error('no creator');
    const created = await call<{ group: { groupId: string }; orderId: string }>(
      base(0),
      'paymentJointPurchase',
      creator.token,
      {
        productId: '3',
        size: 3,
        paymentType: GroupBuyPaymentType.PAY_ALL,
        paymentMethod: 'card',
        idempotencyKey: idempotencyKey(),
      },
    );
    expect(acknowledged(created), JSON.stringify(created.envelope)).toBe(true);
    const {
      group: { groupId },
      orderId,
    } = created.envelope.data as { group: { groupId: string }; orderId: string };
    await payOrder(orderId);
    const friends = await quickUsers(store, CONTENDERS);
    const answers = await atOnce(CONTENDERS, (b, i) =>
      call(b, 'paymentJointJoin', friends[i]?.token, { groupId }),
    );
    const s = statuses(answers);
    expect(
      s.filter((x) => x === 'OK'),
      s.join(),
    ).toHaveLength(2);
    expect(s.filter((x) => x === 'GroupFull')).toHaveLength(CONTENDERS - 2);
    const seats = await store.db
      .selectFrom('group_buy_members')
      .innerJoin('group_buys', 'group_buys.id', 'group_buy_members.group_id')
      .select(['group_buy_members.user_id', 'group_buy_members.seat'])
      .where('group_buys.public_id', '=', groupId)
      .execute();
    expect(seats).toHaveLength(3);
    expect(new Set(seats.map((x) => x.seat)).size).toBe(3);
    const members = await store.db
      .selectFrom('users')
      .select('id')
      .where(
        'id',
        'in',
        friends.map((f) => f.userId),
      )
      .where('standard_expires_at', 'is not', null)
      .execute();
    expect(members.map((m) => m.id).sort()).toEqual(
      friends
        .filter((_, i) => s[i] === 'OK')
        .map((f) => f.userId)
        .sort(),
    );
  });

  test(`coupon limits: a 5-use code among ${CONTENDERS} buyers is used exactly 5 times; a once-per-user code held once after one buyer's ${CONTENDERS} clicks`, async () => {
    const code = `FIVE${idempotencyKey().slice(0, 8).toUpperCase()}`;
    const promoId = await createPromoCode(
      store.db,
      { code, kind: PromoKind.PERCENT, value: 20, maxUses: 5 },
      Date.now(),
    );
    const buyers = await quickUsers(store, CONTENDERS);
    const answers = await atOnce(CONTENDERS, (b, i) =>
      purchase(b, buyers[i] ?? first(buyers), { promoCode: code }),
    );
    const s = statuses(answers);
    expect(s.filter((x) => x === 'OK')).toHaveLength(5);
    expect(s.filter((x) => x === 'PromoCodeUsedUp')).toHaveLength(CONTENDERS - 5);
    const amounts = new Set(
      answers.map((a) => a.envelope.data?.amount.amountMinor).filter((n) => n !== undefined),
    );
    expect([...amounts]).toHaveLength(1);
    expect([...amounts][0]).toBeLessThan(1299);
    const uses = await store.db
      .selectFrom('promo_redemptions')
      .select('order_id')
      .where('promo_code_id', '=', promoId)
      .where('released_at', 'is', null)
      .execute();
    expect(uses).toHaveLength(5);
    const withCode = await store.db
      .selectFrom('orders')
      .select('id')
      .where('promo_code_id', '=', promoId)
      .execute();
    expect(withCode).toHaveLength(5);

    const once = `ONCE${idempotencyKey().slice(0, 8).toUpperCase()}`;
    const onceId = await createPromoCode(
      store.db,
      { code: once, kind: PromoKind.PERCENT, value: 10, maxUsesPerUser: 1 },
      Date.now(),
    );
    const [clicker] = await quickUsers(store, 1);
    if (!clicker) throw new Error('no buyer');
    const clicks = statuses(
      await atOnce(CONTENDERS, (b) => purchase(b, clicker, { promoCode: once })),
    );
    // Each click's order replaces the buyer's earlier unpaid one: one reservation is left.
    expect(clicks.filter((x) => x === 'OK')).toHaveLength(CONTENDERS);
    expect(
      await store.db
        .selectFrom('promo_redemptions')
        .select('order_id')
        .where('promo_code_id', '=', onceId)
        .where('released_at', 'is', null)
        .execute(),
    ).toHaveLength(1);
  });

  test(`third-party client: ${CONTENDERS} enables make one; after a disable, ${CONTENDERS} enables inside the cool-down make none`, async () => {
    const [member] = await quickUsers(store, 1, { standardDays: 30 });
    if (!member) throw new Error('no member');
    const enabled = async () =>
      (await auditRows(store.db, ['third_party.enabled'])).filter(
        (a) => a.subject_id === String(member.userId),
      );
    const answers = await atOnce(CONTENDERS, (b) =>
      call<{ enabled: boolean; subscription: { base64: string } | null }>(
        b,
        'systemThirdPartyEnable',
        member.token,
        {},
      ),
    );
    expect(statuses(answers).filter((x) => x !== 'OK')).toEqual([]);
    expect(new Set(answers.map((a) => a.envelope.data?.subscription?.base64)).size).toBe(1);
    expect(await enabled()).toHaveLength(1);
    const tokens = await store.db
      .selectFrom('subscription_tokens')
      .select('token_hash')
      .where('user_id', '=', member.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(tokens).toHaveLength(1);

    expect(acknowledged(await call(base(1), 'systemThirdPartyDisable', member.token, {}))).toBe(
      true,
    );
    const again = statuses(
      await atOnce(CONTENDERS, (b) => call(b, 'systemThirdPartyEnable', member.token, {})),
    );
    expect(again.filter((x) => x !== 'ThirdPartyCooldown')).toEqual([]);
    expect(await enabled()).toHaveLength(1);
    const row = await store.db
      .selectFrom('third_party_clients')
      .select(['enabled'])
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(0);
  });

  test(`redeem codes: a single-use code among ${CONTENDERS} users is used once; one user's ${CONTENDERS} tries of a multi-use code count once`, async () => {
    const single = await createRedeemCode(
      store.db,
      {
        groupType: ShopGroupType.STANDARD,
        days: 7,
        devicesAllowed: 5,
        maxUses: 1,
        expiresAt: null,
      },
      Date.now(),
    );
    const users = await quickUsers(store, CONTENDERS);
    const s = statuses(
      await atOnce(CONTENDERS, (b, i) =>
        call(b, 'systemRedeemCode', users[i]?.token, { code: single }),
      ),
    );
    expect(s.filter((x) => x === 'OK')).toHaveLength(1);
    expect(s.filter((x) => x === 'RedeemCodeUsed')).toHaveLength(CONTENDERS - 1);
    const credited = await store.db
      .selectFrom('users')
      .select('id')
      .where(
        'id',
        'in',
        users.map((u) => u.userId),
      )
      .where('standard_expires_at', 'is not', null)
      .execute();
    expect(credited).toHaveLength(1);

    const multi = await createRedeemCode(
      store.db,
      { groupType: ShopGroupType.LITE, days: 30, devicesAllowed: 2, maxUses: 10, expiresAt: null },
      Date.now(),
    );
    const [user] = await quickUsers(store, 1);
    if (!user) throw new Error('no user');
    const tries = statuses(
      await atOnce(CONTENDERS, (b) => call(b, 'systemRedeemCode', user.token, { code: multi })),
    );
    expect(tries.filter((x) => x === 'OK')).toHaveLength(1);
    expect(tries.filter((x) => x === 'RedeemCodeUsed')).toHaveLength(CONTENDERS - 1);
    const row = await store.db
      .selectFrom('redeem_codes')
      .select(['uses'])
      .where('code', '=', multi)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });

  test('KOL payouts: four `pnpm ops payout` processes at once pay the balance once; a refund racing them never leaves it negative', async () => {
    const [kol] = await quickUsers(store, 1);
    if (!kol) throw new Error('no KOL');
    await markKol(store.db, store.handle.dialect, kol.userId, 30, {
      actor: 'ops:test',
      now: Date.now(),
    });
    await giveWallet(store.db, kol.userId, Date.now());
    const referred = await quickUsers(store, 5, { inviterId: kol.userId });
    const EACH = Math.floor((9999 * 30) / 100);
    // Yearly plans: 30 % of 99.99 each, past the $100 threshold together; no holding period here.
    const orders: string[] = [];
    for (const r of referred) {
      const answer = await purchase(base(0), r, { productId: '3' });
      const orderId = answer.envelope.data?.orderId ?? '';
      await payOrder(orderId);
      orders.push(orderId);
    }
    const [before] = await kolBalances(store.db, Date.now(), kol.userId);
    expect(before?.summary.payableMinor).toBe(5 * EACH);

    const runs = await Promise.all([
      ...Array.from({ length: 4 }, () => ops('payout', `--kol=${kol.userId}`, '--json')),
      ops('orders', 'refund', orders[0] ?? ''),
    ]);
    const payouts = runs.slice(0, 4);
    expect(
      payouts.filter((r) => r.code === 0),
      JSON.stringify(runs),
    ).toHaveLength(1);
    for (const refused of payouts.filter((r) => r.code !== 0))
      expect(refused, JSON.stringify(refused)).toMatchObject({ code: 1 });
    expect(runs[4], JSON.stringify(runs[4])).toMatchObject({ code: 0 });
    const paid = JSON.parse(payouts.find((r) => r.code === 0)?.stdout ?? '{}') as {
      amountMinor: number;
    };

    const rows = await store.db
      .selectFrom('kol_payouts')
      .selectAll()
      .where('kol_id', '=', kol.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount_minor).toBe(paid.amountMinor);
    // The refund came first (its commission was never paid: 4 of 5) or after (all 5 paid, and the
    // clawback is owed: deducted from the next payout, never paid out as a negative one).
    const [after] = await kolBalances(store.db, Date.now(), kol.userId);
    const adjustments = await store.db
      .selectFrom('kol_adjustments')
      .selectAll()
      .where('kol_id', '=', kol.userId)
      .execute();
    if (paid.amountMinor === 4 * EACH) {
      expect(adjustments).toEqual([]);
      expect(after?.summary.payableMinor).toBe(0);
    } else {
      expect(paid.amountMinor).toBe(5 * EACH);
      expect(adjustments.map((a) => [a.amount_minor, a.settled_at])).toEqual([[-EACH, null]]);
      expect(after?.summary.payableMinor).toBe(-EACH);
    }
    const next = await ops('payout', `--kol=${kol.userId}`);
    expect(next.code, next.stdout).toBe(1);
    // The running totals moved with each change that won, and only with those.
    const checked = await ops('kol', 'check-totals');
    expect(checked.code, checked.stdout).toBe(0);
    expect(
      await store.db
        .selectFrom('kol_payouts')
        .select('id')
        .where('kol_id', '=', kol.userId)
        .execute(),
    ).toHaveLength(1);
  });

  test('the database after all of it: every change applied once, nothing half-applied, integrity intact', async () => {
    expect(await paymentProblems(store.db)).toEqual([]);
    expect(await integrityProblems(store)).toEqual([]);
    expect((await kolTotalsDrift(store.db, store.handle.dialect)).drift).toEqual([]);
    expect(await paidOrdersDrift(store.db)).toEqual([]);
  });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pnpm ops <argv>` as operators run it: dist/ops.js in its own process, on the same data. */
function ops(...argv: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(bundle.dir, 'ops.js'), ...argv], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        KOL_HOLDING_DAYS: '0',
        ...store.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
