// Throughput and latency of five calls on one server (the built dist/main.js on SQLite, started
// here on 127.0.0.1): the empty health route, the device list (session lookup + one query) and
// the signed user info (RSA-OAEP decrypt + nonce insert + session + queries), each at 50 and
// 200 connections for ~5 s, then the signed goods list (payment_shop: decrypt + nonce + cached
// plans) and a page of order history. Prints req/s, p50 and p99 side by side with ratios to health.
// Client and server share this machine's cores, so the numbers compare calls, not machines.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'dist/main.js');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = [50, 200];
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

if (!existsSync(main)) {
  const { buildServer } = await import('../scripts/build.ts');
  await buildServer(path.join(root, 'dist'));
}

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-bench-'));
const server = spawn(process.execPath, [main], {
  env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
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

interface Session { token: string; deviceId: string; keys: Record<string, string> }

async function call(pathname: string, body: unknown, session?: Partial<Session>) {
  const res = await fetch(`${base}/v4${pathname}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json', language: 'en', platform: 'windows',
      ...(session?.token ? { authorization: session.token } : {}),
      ...(session?.deviceId ? { deviceid: session.deviceId } : {}),
    },
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
  if (envelope.code !== 200) throw new Error(`${pathname}: ${envelope.msg}`);
  return { data: envelope.data, headers: res.headers };
}

async function setUp(): Promise<Session> {
  const keys = await call('/api/system/system_public_keys', {});
  const deviceId = keys.headers.get('deviceid') ?? '';
  const reg = await call('/api/user/user_register', { channel: 'username', account: `bench_${Date.now()}`, password: 'bench password 1', agreeTerms: true }, { deviceId });
  const token = reg.headers.get('pragma') ?? '';
  await call('/api/user/user_trial', {}, { token, deviceId });
  for (const id of ['bench-phone', 'bench-laptop']) {
    await call('/api/user/user_bind_device', { deviceId: id, platform: 0, kind: 0, system: 'iOS 18', version: '4.0', name: id }, { token, deviceId });
  }
  // An order history of 25 orders for the payment_order rows.
  for (let i = 0; i < 25; i++) {
    await call('/api/payment/payment_purchase', { productId: String(1 + (i % 7)), paymentMethod: 'card', idempotencyKey: `bench-order-${i}-${Date.now()}` }, { token, deviceId });
  }
  return { token, deviceId, keys: (keys.data as { keys: Record<string, string> }).keys };
}

function signedBodies(publicPem: string, count: number): string[] {
  const bodies: string[] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    let nonce = '';
    for (let j = 0; j < 8; j++) nonce += NONCE_ALPHABET.charAt(randomInt(NONCE_ALPHABET.length));
    const signature = publicEncrypt({ key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(JSON.stringify({ nonce, timestamp: now + i })));
    bodies.push(JSON.stringify({ signature: signature.toString('base64') }));
  }
  return bodies;
}

interface Row { name: string; connections: number; rps: number; p50: number; p99: number; bad: number }

async function measure(name: string, connections: number, pathname: string, options: Partial<autocannon.Options>): Promise<Row> {
  const result = await autocannon({ url: `${base}${pathname}`, connections, duration: DURATION_S, ...options });
  return {
    name, connections, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

try {
  await waitForServer();
  const session = await setUp();
  const authHeaders = { 'content-type': 'application/json', authorization: session.token, deviceid: session.deviceId, language: 'en', platform: 'windows' };
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    rows.push(await measure('health (GET /v4/health)', connections, '/v4/health', { method: 'GET' }));
    rows.push(await measure('device list', connections, '/v4/api/user/user_get_device_list', { method: 'POST', headers: authHeaders, body: '{}' }));
    // Every signed request needs its own nonce: bodies are made up front so the client's cost stays out.
    const bodies = signedBodies(session.keys.windows ?? '', 4_000 * DURATION_S);
    let next = 0;
    rows.push(await measure('signed user info', connections, '/v4/api/system/system_user_info', {
      method: 'POST', headers: authHeaders,
      requests: [{ method: 'POST', path: '/v4/api/system/system_user_info', setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }],
    }));
    if (next > bodies.length) console.warn(`signed bodies were reused (${next} requests for ${bodies.length} bodies): replays are refused and count as non-2xx`);
    const shopBodies = signedBodies(session.keys.windows ?? '', 4_000 * DURATION_S);
    let nextShop = 0;
    rows.push(await measure('signed goods list (shop)', connections, '/v4/api/payment/payment_shop', {
      method: 'POST', headers: authHeaders,
      requests: [{ method: 'POST', path: '/v4/api/payment/payment_shop', setupRequest: (req) => ({ ...req, body: shopBodies[nextShop++ % shopBodies.length] }) }],
    }));
    rows.push(await measure('order history (10 of 25)', connections, '/v4/api/payment/payment_order', { method: 'POST', headers: authHeaders, body: '{"page":1,"pageSize":10}' }));
  }

  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  console.log(`\n${pad('call', 26)}${pad('conns', 7)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}vs health (req/s, p99)`);
  for (const row of rows) {
    const health = rows.find((r) => r.connections === row.connections && r.name.startsWith('health'));
    const ratio = health ? `${(row.rps / health.rps).toFixed(2)}x, ${(row.p99 / Math.max(health.p99, 1)).toFixed(1)}x` : '';
    console.log(`${pad(row.name, 26)}${pad(row.connections, 7)}${pad(Math.round(row.rps), 10)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.bad, 9)}${ratio}`);
  }
} finally {
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
