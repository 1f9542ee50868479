import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type EndpointName } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addNode } from '../../src/nodes/manage-nodes.ts';
import { TROJAN_NODE } from '../nodes/feed-helpers.ts';
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
  withBundleAndStore,
  type Answer,
  type Bundle,
  type QuickUser,
  type ServerProcess,
  type Store,
} from './harness.ts';

// Several machines (docs/production.md): three server processes, each with its own data folder,
// keys and secret given by environment, on one PostgreSQL, behind Debian's haproxy (round robin).
// Whichever server answers, sessions, password changes and rate limits hold; the scheduled jobs
// run on all three and still send a notice once; a payment is credited once wherever its events
// arrive, and a server killed under load loses or doubles none.
const PASSWORD = 'correct horse battery';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface Reply {
  status: number;
  body: { code: number; status: string; data: unknown };
  token: string | undefined;
  servedBy: string | null;
}

async function post(base: string, name: EndpointName, token: string | undefined, input: object) {
  const res = await fetch(`${base}/v4${endpoints[name].path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      platform: 'windows',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(input),
  });
  const pragma = res.headers.get('pragma');
  return {
    status: res.status,
    body: (await res.json()) as Reply['body'],
    token: pragma && pragma !== 'no-cache' ? pragma : undefined,
    servedBy: res.headers.get('x-served-by'),
  } satisfies Reply;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls until acknowledged, as an app or a payment provider retries (the same key, the same event). */
async function untilAcknowledged<T>(attempt: () => Promise<Answer<T>>): Promise<Answer<T>> {
  for (let tries = 0; ; tries++) {
    const answer = await attempt().catch(() => undefined);
    if (acknowledged(answer)) return answer;
    if (tries > 100) throw new Error(`never acknowledged: ${JSON.stringify(answer)}`);
    await sleep(100);
  }
}

interface Bought {
  orderId: string;
  amount: { amountMinor: number; currency: string };
}

/** A member buys plan 1 by card through `base`; the provider then reports it paid. */
async function buyAndPay(base: string, store: Store, member: QuickUser) {
  const key = idempotencyKey();
  const bought = await untilAcknowledged(() =>
    call<Bought>(base, 'paymentPurchase', member.token, {
      productId: '1',
      paymentMethod: 'card',
      idempotencyKey: key,
    }),
  );
  const { orderId, amount } = bought.envelope.data as Bought;
  const id = eventId();
  await untilAcknowledged(() =>
    deliver(base, store, {
      id,
      type: 'paid',
      orderId,
      amountMinor: amount.amountMinor,
      currency: amount.currency,
    }),
  );
  return orderId;
}

// PostgreSQL only: several machines share one database server (haproxy: tooling/scripts/test-needs.sh).
describe.runIf(DIALECT === 'postgres')('three servers behind haproxy', () => {
  let bundle: Bundle;
  let store: Store;
  const servers: ServerProcess[] = [];
  let proxy: ChildProcess;
  let front: string;
  const folder = mkdtempSync(path.join(tmpdir(), 'nimbus-three-'));

  withBundleAndStore((b, s) => {
    [bundle, store] = [b, s];
  });
  beforeAll(async () => {
    // Keys by environment, the same on every server; data folders of their own.
    const keys = Object.fromEntries(
      ['IOS', 'ANDROID', 'MAC', 'WINDOWS'].map((p) => [
        `SIGNING_KEY_${p}`,
        generateKeyPairSync('rsa', { modulusLength: 2048 })
          .privateKey.export({ type: 'pkcs8', format: 'pem' })
          .toString(),
      ]),
    );
    for (let i = 0; i < 3; i++)
      servers.push(
        await startServer(bundle.dir, store, {
          ...keys,
          DATA_DIR: mkdtempSync(path.join(folder, `server${i}-`)),
          TRUST_PROXY: '1',
          // Every server runs the scheduled jobs every second, as each would every minute.
          JOBS_INTERVAL_SECONDS: '1',
        }),
      );
    const port = await freePort();
    const config = path.join(folder, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  option forwardfor',
        '  option http-server-close',
        // A server that refuses the connection (killed, restarting): the request goes to another.
        '  retries 2',
        '  option redispatch',
        '  retry-on conn-failure empty-response',
        'frontend nimbus',
        `  bind 127.0.0.1:${port}`,
        '  default_backend servers',
        'backend servers',
        '  balance roundrobin',
        '  http-response set-header x-served-by %s',
        ...servers.map((s, i) => `  server s${i} 127.0.0.1:${s.port}`),
        '',
      ].join('\n'),
    );
    proxy = spawn('haproxy', ['-db', '-f', config], { stdio: 'ignore' });
    front = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${front}/v4/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (tries > 100) throw new Error('haproxy did not answer');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 120_000);
  afterAll(() => {
    proxy?.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  });

  test('a session from one server is good on all; a password change on one ends the others on all', async () => {
    const account = `three_${randomBytes(4).toString('hex')}`;
    const registered = await post(front, 'userRegister', undefined, {
      channel: 'username',
      account,
      password: PASSWORD,
      agreeTerms: true,
    });
    expect(registered.body.code).toBe(200);
    const login = { channel: 'username', account, password: PASSWORD, agreeTerms: true };
    const other = await post(front, 'userLogin', undefined, login);
    expect(other.body.code).toBe(200);

    // Round robin: nine calls reach all three servers, and each knows both sessions.
    const served = new Set<string | null>();
    for (let i = 0; i < 9; i++) {
      const answer = await post(front, 'userSessions', other.token, {});
      expect(answer.body.code).toBe(200);
      expect((answer.body.data as { items: unknown[] }).items).toHaveLength(2);
      served.add(answer.servedBy);
    }
    expect(served).toEqual(new Set(['s0', 's1', 's2']));

    const changed = await post(front, 'userChangePassword', registered.token, {
      currentPassword: PASSWORD,
      newPassword: 'a new horse battery',
    });
    expect(changed.body).toMatchObject({ code: 200, data: { signedOut: 1 } });
    // At once, on every server directly: the other session is over, this one goes on.
    for (const server of servers) {
      expect((await post(server.base, 'userSessions', other.token, {})).status).toBe(401);
      expect((await post(server.base, 'userSessions', registered.token, {})).status).toBe(200);
    }
  });

  test("a rate limit counts every server's refusals", async () => {
    const account = `limit_${randomBytes(4).toString('hex')}`;
    const made = await post(front, 'userRegister', undefined, {
      channel: 'username',
      account,
      password: PASSWORD,
      agreeTerms: true,
    });
    expect(made.body.code).toBe(200);
    const wrong = { channel: 'username', account, password: 'not the password', agreeTerms: true };
    // Ten failures per account and address in 15 minutes (security/limits.ts), spread over the
    // three servers by the proxy: the tenth locks, and the next try is refused on any server,
    // even with the right password.
    const served = new Set<string | null>();
    for (let i = 0; i < 10; i++) {
      const answer = await post(front, 'userLogin', undefined, wrong);
      expect(answer.body.status).toBe(i < 9 ? 'InvalidCredentials' : 'AccountLocked');
      served.add(answer.servedBy);
    }
    expect(served.size).toBe(3);
    for (const server of servers) {
      const right = await post(server.base, 'userLogin', undefined, {
        ...wrong,
        password: PASSWORD,
      });
      expect(right.body.status).toBe('AccountLocked');
    }
  });

  test('the node feed gives the same ETag from every server, and 304 to it on each', async () => {
    const node = await addNode(
      store.db,
      { ...TROJAN_NODE, key: `three-${randomBytes(4).toString('hex')}` },
      { actor: 'ops:test', now: Date.now() },
    );
    const query = `node_id=${node.id}&node_type=trojan&token=${node.token ?? ''}`;
    const pull = (base: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/v1/server/UniProxy/user?${query}`, { headers });
    const etags = new Set<string | null>();
    for (const server of servers) {
      const res = await pull(server.base);
      expect(res.status).toBe(200);
      etags.add(res.headers.get('etag'));
    }
    expect(etags.size).toBe(1);
    const [etag] = [...etags];
    for (const server of servers)
      expect((await pull(server.base, { 'if-none-match': etag ?? '' })).status).toBe(304);
  });

  test('the jobs run on every server, and a notice e-mail still goes once', async () => {
    const [member] = await quickUsers(store, 1, { standardDays: 2 });
    const email = `three-${randomBytes(4).toString('hex')}@example.com`;
    await store.db
      .updateTable('users')
      // A paying member (reminders go to members who paid once) with an address.
      .set({ email, paid_orders: 1, updated_at: Date.now() })
      .where('id', '=', member?.userId ?? 0)
      .execute();
    // Each server's outbox (notices go there without SMTP outside production).
    const sent = async () =>
      (
        await Promise.all(
          servers.map(
            async (s) =>
              (await (await fetch(`${s.base}/dev/outbox`)).json()) as {
                to: string;
                purpose: string;
              }[],
          ),
        )
      )
        .flat()
        .filter((e) => e.to === email);
    await expect.poll(async () => (await sent()).length, { timeout: 20_000 }).toBe(1);
    // Three seconds more: each server runs the jobs about three times again; nobody sends it twice.
    await sleep(3_000);
    expect((await sent()).map((e) => e.purpose)).toEqual(['notice:membership_ending']);
  });

  test('a payment reported to one server while the member watches from the others credits once', async () => {
    const [member] = (await quickUsers(store, 1)) as [QuickUser];
    const bought = await call<Bought>(servers[0]?.base ?? '', 'paymentPurchase', member.token, {
      productId: '1',
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    });
    const { orderId, amount } = bought.envelope.data as Bought;
    const event = { id: eventId(), type: 'paid' as const, orderId, ...amount };
    // The member back from the checkout asks the two other servers until the order is paid.
    const watch = async (base: string) => {
      for (;;) {
        const answer = await call<{ status: string }>(base, 'paymentOrderStatus', member.token, {
          orderId,
        });
        if (answer.envelope.data?.status === 'paid') return;
        await sleep(20);
      }
    };
    const [s0, s1, s2] = servers.map((s) => s.base) as [string, string, string];
    // The event at one server, its retry at another, the same payment under a second event id
    // at the third, all at once.
    const [first, retry, other] = await Promise.all([
      deliver(s0, store, event),
      deliver(s2, store, event),
      deliver(s1, store, { ...event, id: eventId() }),
      watch(s1),
      watch(s2),
    ]);
    const outcomes = [first, retry, other].map((a) => a.envelope.data?.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    const order = await store.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.paid_at', 'orders.credited_standard_ms', 'users.standard_expires_at'])
      .where('orders.public_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.credited_standard_ms).toBeGreaterThan(0);
    expect(order.standard_expires_at).toBe(
      Number(order.paid_at) + Number(order.credited_standard_ms),
    );
    expect(await paymentProblems(store.db)).toEqual([]);
  });

  test('kill -9 of one server under load: no payment lost or doubled, calls retried to the others', async () => {
    const buyers = await quickUsers(store, 30);
    // Thirty members buy and their payments are reported through the proxy, each call retried
    // until acknowledged; one server dies once eight of them are done, the rest still running.
    let done = 0;
    let killed: Promise<void> | undefined;
    const load = Promise.all(
      buyers.map(async (b) => {
        const orderId = await buyAndPay(front, store, b);
        done += 1;
        if (done === 8) killed = kill(servers[1] as ServerProcess);
        return orderId;
      }),
    );
    const orders = await load;
    await killed;
    expect(done).toBe(30);
    const rows = await store.db
      .selectFrom('orders')
      .select(['public_id', 'status'])
      .where('public_id', 'in', orders)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(orders.map(() => 'paid'));
    expect(await paymentProblems(store.db)).toEqual([]);
    expect(await integrityProblems(store)).toEqual([]);
  });

  test('with one server killed, every call through the proxy is answered by the others', async () => {
    const account = `crash_${randomBytes(4).toString('hex')}`;
    const made = await post(front, 'userRegister', undefined, {
      channel: 'username',
      account,
      password: PASSWORD,
      agreeTerms: true,
    });
    expect(made.body.code).toBe(200);
    const served = new Set<string | null>();
    for (let i = 0; i < 9; i++) {
      const answer = await post(front, 'userSessions', made.token, {});
      expect(answer.body.code).toBe(200);
      served.add(answer.servedBy);
    }
    expect(served).toEqual(new Set(['s0', 's2']));
  });
});
