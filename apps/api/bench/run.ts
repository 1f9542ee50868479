// Throughput and latency of the API on one server (the built dist/main.js on SQLite, started here
// on 127.0.0.1), at 50 and 200 connections for ~5 s each (BENCH_DURATION_S): the empty health
// route (the framework's ceiling), the signed user info and the signed goods list (payment_shop)
// (RSA-OAEP decrypt + nonce insert + session + queries), the device list, a page of order history
// and the KOL dashboard of a KOL with paying invitees (made a KOL by the `kol mark` ops command).
// In the same run, the raw RSA-OAEP decrypt rate of one core with the server's own key; the
// server decrypts on a pool of worker threads sized to the cores, so its signing ceiling is that
// rate times the cores. Prints the table and writes it to
// the "api" section of docs/benchmarks.md. Client and server share this machine's cores, so the
// numbers compare calls, not machines.
import { spawn } from 'node:child_process';
import { constants, createPrivateKey, privateDecrypt, publicEncrypt, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processTreeCpuMs } from './process-cpu.ts';
// @ts-expect-error the shared writer is plain JavaScript without types
import { markdownTable, writeBenchSection } from '../../../tooling/scripts/bench-report.mjs';
import { builtServer } from './built-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'dist/main.js');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = [50, 200];
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

await builtServer(root);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-bench-'));
const serverEnv = {
  PATH: process.env.PATH ?? '',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  PUBLIC_URL: base,
  // As production runs: one process per core (BENCH_WORKERS=1 measures one process).
  WORKERS: process.env.BENCH_WORKERS ?? String(cpus().length),
};
const server = spawn(process.execPath, [main], {
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/v4/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

interface Session {
  token: string;
  deviceId: string;
  keys: Record<string, string>;
  commissions: number;
}

async function call(pathname: string, body: unknown, session?: Partial<Session>) {
  const res = await fetch(`${base}/v4${pathname}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      language: 'en',
      platform: 'windows',
      ...(session?.token ? { authorization: session.token } : {}),
      ...(session?.deviceId ? { deviceid: session.deviceId } : {}),
    },
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
  if (envelope.code !== 200) throw new Error(`${pathname}: ${envelope.msg}`);
  return { data: envelope.data, headers: res.headers };
}

/** The operations command, as an operator runs it, on the server's data folder. */
async function ops(...args: string[]): Promise<void> {
  const child = spawn(process.execPath, [path.join(root, 'dist/ops.js'), ...args], {
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`ops ${args.join(' ')} exited with ${code}`);
}

/** Registers a user in a browser of their own; returns its session. */
async function register(account: string, extra: Record<string, unknown> = {}) {
  const keys = await call('/api/system/system_public_keys', {});
  const deviceId = keys.headers.get('deviceid') ?? '';
  const reg = await call(
    '/api/user/user_register',
    { channel: 'username', account, password: 'bench password 1', agreeTerms: true, ...extra },
    { deviceId },
  );
  return {
    token: reg.headers.get('pragma') ?? '',
    deviceId,
    keys,
    userId: (reg.data as { userId: string | number }).userId,
  };
}

/** Buys a plan and pays on the sandbox checkout page, as a buyer does. */
async function buyAndPay(
  session: { token: string; deviceId: string },
  productId: string,
  key: string,
): Promise<void> {
  const order = await call(
    '/api/payment/payment_purchase',
    { productId, paymentMethod: 'card', idempotencyKey: key },
    session,
  );
  const checkoutUrl = (order.data as { checkoutUrl: string | null }).checkoutUrl;
  if (!checkoutUrl) throw new Error('no checkout page for the order');
  // The page's address carries the order's checkout key: keep its query, move it onto `base`.
  const page = new URL(checkoutUrl, base);
  const res = await fetch(new URL(page.pathname + page.search, base), {
    method: 'POST',
    redirect: 'manual',
    body: 'outcome=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });
  if (res.status !== 303) throw new Error(`the sandbox checkout answered ${res.status}`);
}

async function setUp(): Promise<Session> {
  const { token, deviceId, keys, userId } = await register(`bench_${Date.now()}`);
  await call('/api/user/user_trial', {}, { token, deviceId });
  for (const id of ['bench-phone', 'bench-laptop']) {
    await call(
      '/api/user/user_bind_device',
      { deviceId: id, platform: 0, kind: 0, system: 'iOS 18', version: '4.0', name: id },
      { token, deviceId },
    );
  }
  // An order history of 25 orders for the payment_order rows.
  for (let i = 0; i < 25; i++) {
    await call(
      '/api/payment/payment_purchase',
      {
        productId: String(1 + (i % 7)),
        paymentMethod: 'card',
        idempotencyKey: `bench-order-${i}-${Date.now()}`,
      },
      { token, deviceId },
    );
  }
  // A KOL (through the operations command) with five invitees who bought and paid: a dashboard with
  // commissions.
  await ops('kol', 'mark', String(userId), '--rate=50');
  const dashboard = await call(
    '/api/system/system_affiliate',
    { tab: 'commission', page: 1, pageSize: 10 },
    { token, deviceId },
  );
  const inviteCode = (dashboard.data as { summary?: { inviteCode: string } }).summary?.inviteCode;
  if (!inviteCode) throw new Error('the bench user did not become a KOL');
  for (let i = 0; i < 5; i++) {
    const friend = await register(`friend${i}_${Date.now() % 1e9}`, { inviteCode });
    await buyAndPay(friend, String(1 + (i % 3)), `bench-friend-${i}-${Date.now()}`);
    await buyAndPay(friend, '5', `bench-friend-renewal-${i}-${Date.now()}`);
  }
  const after = await call(
    '/api/system/system_affiliate',
    { tab: 'commission', page: 1, pageSize: 10 },
    { token, deviceId },
  );
  const commissions = (after.data as { records?: { total: number } }).records?.total ?? 0;
  if (commissions !== 10)
    throw new Error(`expected 10 commission lines on the KOL dashboard, got ${commissions}`);
  return {
    token,
    deviceId,
    keys: (keys.data as { keys: Record<string, string> }).keys,
    commissions,
  };
}

/**
 * The signing ceiling: RSA-OAEP (SHA-256) decryptions per second on one core with the server's
 * own Windows key (a KeyObject made once, as the server does), for ~2 s.
 */
function decryptRate(): { perSecond: number; bits: number } {
  const key = createPrivateKey(readFileSync(path.join(dataDir, 'keys/windows.pem')));
  const options = { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  const ciphertext = publicEncrypt(
    options,
    Buffer.from(JSON.stringify({ nonce: 'AbCdEfGh', timestamp: Date.now() })),
  );
  for (let i = 0; i < 50; i++) privateDecrypt(options, ciphertext);
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    for (let i = 0; i < 20; i++) privateDecrypt(options, ciphertext);
    n += 20;
  }
  return {
    perSecond: n / ((performance.now() - started) / 1000),
    bits: key.asymmetricKeyDetails?.modulusLength ?? 0,
  };
}

function signedBodies(publicPem: string, count: number): string[] {
  const bodies: string[] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    let nonce = '';
    for (let j = 0; j < 8; j++) nonce += NONCE_ALPHABET.charAt(randomInt(NONCE_ALPHABET.length));
    const signature = publicEncrypt(
      { key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ nonce, timestamp: now + i })),
    );
    bodies.push(JSON.stringify({ signature: signature.toString('base64') }));
  }
  return bodies;
}

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** Cores the server's processes used during the row (CPU time over wall time). */
  serverCores: number | null;
  /** Cores this process (autocannon, the load generator) used during the row. */
  generatorCores: number;
}

async function measure(
  name: string,
  connections: number,
  pathname: string,
  options: Partial<autocannon.Options>,
): Promise<Row> {
  const serverBefore = server.pid === undefined ? null : processTreeCpuMs(server.pid);
  const generatorBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon({
    url: `${base}${pathname}`,
    connections,
    duration: DURATION_S,
    ...options,
  });
  const wallMs = performance.now() - wallBefore;
  const generator = process.cpuUsage(generatorBefore);
  const serverAfter = server.pid === undefined ? null : processTreeCpuMs(server.pid);
  return {
    serverCores:
      serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / wallMs,
    generatorCores: (generator.user + generator.system) / 1000 / wallMs,
    name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

try {
  await waitForServer();
  const session = await setUp();
  const loadAtStart = loadavg()[0] ?? 0;
  const ceiling = decryptRate();
  console.log(
    `RSA-OAEP (SHA-256, ${ceiling.bits} bits) decrypt on one core: ${Math.round(ceiling.perSecond)}/s; the machine has ${cpus().length} cores, the server decrypts on ${cpus().length} worker threads`,
  );
  const authHeaders = {
    'content-type': 'application/json',
    authorization: session.token,
    deviceid: session.deviceId,
    language: 'en',
    platform: 'windows',
  };
  const rows: Row[] = [];
  const signed = new Set(['signed user info', 'signed goods list (shop)']);
  for (const connections of CONNECTIONS) {
    rows.push(
      await measure('health (GET /v4/health)', connections, '/v4/health', { method: 'GET' }),
    );
    rows.push(
      await measure('device list', connections, '/v4/api/user/user_get_device_list', {
        method: 'POST',
        headers: authHeaders,
        body: '{}',
      }),
    );
    // Every signed request needs its own nonce: bodies are made up front so the client's cost stays
    // out.
    const bodies = signedBodies(session.keys.windows ?? '', 4_000 * DURATION_S);
    let next = 0;
    rows.push(
      await measure('signed user info', connections, '/v4/api/system/system_user_info', {
        method: 'POST',
        headers: authHeaders,
        requests: [
          {
            method: 'POST',
            path: '/v4/api/system/system_user_info',
            setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
          },
        ],
      }),
    );
    if (next > bodies.length)
      console.warn(
        `signed bodies were reused (${next} requests for ${bodies.length} bodies): replays are refused and count as non-2xx`,
      );
    const shopBodies = signedBodies(session.keys.windows ?? '', 4_000 * DURATION_S);
    let nextShop = 0;
    rows.push(
      await measure('signed goods list (shop)', connections, '/v4/api/payment/payment_shop', {
        method: 'POST',
        headers: authHeaders,
        requests: [
          {
            method: 'POST',
            path: '/v4/api/payment/payment_shop',
            setupRequest: (req) => ({ ...req, body: shopBodies[nextShop++ % shopBodies.length] }),
          },
        ],
      }),
    );
    rows.push(
      await measure('order history (10 of 25)', connections, '/v4/api/payment/payment_order', {
        method: 'POST',
        headers: authHeaders,
        body: '{"page":1,"pageSize":10}',
      }),
    );
    rows.push(
      await measure(
        `KOL dashboard (${session.commissions} commissions)`,
        connections,
        '/v4/api/system/system_affiliate',
        {
          method: 'POST',
          headers: authHeaders,
          body: '{"tab":"commission","page":1,"pageSize":10}',
        },
      ),
    );
  }

  const table = rows.map((row) => {
    const health = rows.find(
      (r) => r.connections === row.connections && r.name.startsWith('health'),
    );
    return {
      call: row.name,
      connections: row.connections,
      'req/s': Math.round(row.rps),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'non-2xx': row.bad,
      'ratio to empty route':
        health && !row.name.startsWith('health') ? `${(row.rps / health.rps).toFixed(2)}` : '',
      'ratio to decrypt ceiling (cores x one core)': signed.has(row.name)
        ? `${(row.rps / (ceiling.perSecond * cpus().length)).toFixed(2)}`
        : '',
      'server cores': row.serverCores === null ? '' : row.serverCores.toFixed(2),
      'generator cores': row.generatorCores.toFixed(2),
      'server CPU ms per call':
        row.serverCores === null || row.rps === 0
          ? ''
          : ((row.serverCores * 1000) / row.rps).toFixed(3),
    };
  });
  const text = markdownTable(table) as string;
  console.log(`\n${text}`);
  (writeBenchSection as (id: string, markdown: string) => void)(
    'api',
    [
      `The server runs ${serverEnv.WORKERS} worker process(es) on SQLite; autocannon runs on the same machine (${cpus().length} cores shared with the server, so load generator and server compete). ${DURATION_S} s per row. Load average when it started: ${loadAtStart.toFixed(1)} (other work on the machine takes cores too).`,
      `Decrypt ceiling: RSA-OAEP (SHA-256) with the server's ${ceiling.bits}-bit key, \`crypto.privateDecrypt\` on one core: **${Math.round(ceiling.perSecond)} decryptions/s**. The server decrypts on a pool of worker threads sized to the cores (${cpus().length}), so a signed call cannot pass ${cpus().length} x that rate (${Math.round(ceiling.perSecond * cpus().length)}/s); its column is its share of it (the target is 0.8, with autocannon taking part of the same cores). One decryption costs ${(1000 / ceiling.perSecond).toFixed(3)} ms of a core: the server's CPU per signed call beyond that is the HTTP, JSON, session, nonce and query work every call also pays. Ratio to empty route is req/s against \`GET /v4/health\` at the same connections. Server and generator cores: CPU time over the row's wall time of the server's processes (primary, workers and their threads) and of autocannon in the bench's process.`,
      '',
      text,
    ].join('\n'),
  );
} finally {
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
