// The webhook queue under load, on SQLite and on PostgreSQL: the built server (dist/main.js,
// its scheduled jobs every JOBS_INTERVAL_SECONDS) delivers to a real receiver in this process
// that checks every signature, while this process queues 1,000 events a minute into the same
// database (as other servers' transactions would, through queueWebhookEvent) and a buyer checks
// out through the sandbox over and over; the checkout time is compared with a run of the same
// checkouts before the queue starts. Writes the "webhooks" section of docs/benchmarks.md.
//
//   pnpm --filter @nimbus/app-api bench:webhooks [--minutes 1] [--rate 1000] [--jobs-seconds 10]
//                          [--database-url postgres://postgres@127.0.0.1:5432/test]
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as httpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
// @ts-expect-error the shared writer is plain JavaScript without types
import { markdownTable, writeBenchSection } from '../../../tooling/scripts/bench-report.mjs';
import { openDatabase } from '../src/db/database.ts';
import { loadServerSecret } from '../src/keys/server-secret.ts';
import { queueWebhookEvent, sealWebhookSecret, webhookSecrets } from '../src/webhooks/index.ts';
import { builtServer } from './built-server.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    minutes: { type: 'string', default: '1' },
    rate: { type: 'string', default: '1000' },
    'jobs-seconds': { type: 'string', default: '10' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    root: { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const perMinute = Number(values.rate);
const jobsSeconds = Number(values['jobs-seconds']);
// bench/bundle.ts names the package's folder (the bundle runs from a cache folder).
const root = values.root ?? process.cwd();
const main = await builtServer(root);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address() as AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

interface Row {
  dialect: string;
  'events queued': number;
  'delivered in window': number;
  'delivered after drain': number;
  'bad signatures': number;
  duplicates: number;
  'lag p50 s': string;
  'lag p99 s': string;
  'checkout p50 ms (before → during)': string;
  'checkout p95 ms (before → during)': string;
}

async function runOne(dialect: 'sqlite' | 'postgres'): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-webhook-bench-'));
  const schema = `hooks_bench_${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_INTERVAL_SECONDS: String(jobsSeconds),
    ...(dialect === 'postgres'
      ? { DATABASE_URL: values['database-url'], DATABASE_SCHEMA: schema }
      : {}),
  };
  let child: ChildProcess | undefined;
  const receiverServer = httpServer();
  try {
    child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/v4/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 300) throw new Error('the server did not become ready');
      await sleep(100);
    }
    const handle = openDatabase({
      databaseUrl: dialect === 'postgres' ? values['database-url'] : undefined,
      databaseSchema: dialect === 'postgres' ? schema : undefined,
      sqlitePath: path.join(dataDir, 'nimbus.sqlite'),
    });
    const db = handle.db;

    // The receiver: verifies each signature, notes when each event arrived.
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const arrived = new Map<string, number>();
    let bad = 0;
    let duplicates = 0;
    receiverServer.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const header = String(req.headers['nimbus-signature'] ?? '');
        const t = /t=(\d+)/.exec(header)?.[1] ?? '';
        const v1 = /v1=([0-9a-f]{64})/.exec(header)?.[1] ?? '';
        if (createHmac('sha256', secret).update(`${t}.${body}`).digest('hex') !== v1) bad++;
        const { id } = JSON.parse(body) as { id: string };
        if (arrived.has(id)) duplicates++;
        else arrived.set(id, Date.now());
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiverServer.listen(0, '127.0.0.1', r));
    const receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/`;
    await db
      .insertInto('webhook_endpoints')
      .values({
        url: receiverUrl,
        description: 'bench',
        events: JSON.stringify(['ticket.created', 'order.paid']),
        enabled: 1,
        // Sealed with the key the server derives from its secret (made in its data folder).
        secret: sealWebhookSecret(
          webhookSecrets(await loadServerSecret(dataDir, undefined)),
          secret,
        ),
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();

    // A buyer, checking out through the sandbox as in bench/run.ts.
    const call = async (
      pathname: string,
      body: unknown,
      session?: { token: string; deviceId: string },
    ) => {
      const res = await fetch(`${base}/v4${pathname}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          language: 'en',
          platform: 'windows',
          ...(session ? { authorization: session.token, deviceid: session.deviceId } : {}),
        },
      });
      const envelope = (await res.json()) as { code: number; msg: string; data: unknown };
      if (envelope.code !== 200) throw new Error(`${pathname}: ${envelope.msg}`);
      return { data: envelope.data, headers: res.headers };
    };
    const keys = await call('/api/system/system_public_keys', {});
    const deviceId = keys.headers.get('deviceid') ?? '';
    const reg = await call(
      '/api/user/user_register',
      {
        channel: 'username',
        account: `hooks_${Date.now()}`,
        password: 'bench password 1',
        agreeTerms: true,
      },
      { token: '', deviceId },
    );
    const session = { token: reg.headers.get('pragma') ?? '', deviceId };
    const checkout = async () => {
      const started = performance.now();
      const order = await call(
        '/api/payment/payment_purchase',
        { productId: '1', paymentMethod: 'card', idempotencyKey: randomBytes(12).toString('hex') },
        session,
      );
      const page = new URL((order.data as { checkoutUrl: string }).checkoutUrl, base);
      const res = await fetch(new URL(page.pathname + page.search, base), {
        method: 'POST',
        redirect: 'manual',
        body: 'outcome=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (res.status !== 303) throw new Error(`the sandbox checkout answered ${res.status}`);
      return performance.now() - started;
    };
    const checkouts = async (until: () => boolean) => {
      const times: number[] = [];
      while (!until()) {
        times.push(await checkout());
        await sleep(250);
      }
      return times.sort((a, b) => a - b);
    };

    // Before: checkouts alone for 15 s.
    const beforeEnd = Date.now() + 15_000;
    const before = await checkouts(() => Date.now() > beforeEnd);

    // During: 1,000 events a minute queued, one transaction each, while checkouts go on.
    const queuedAt = new Map<string, number>();
    const windowMs = minutes * 60_000;
    const start = Date.now();
    const producer = (async () => {
      const total = Math.round(perMinute * minutes);
      for (let i = 0; i < total; i++) {
        const at = start + (i * windowMs) / total;
        const wait = at - Date.now();
        if (wait > 0) await sleep(wait);
        const now = Date.now();
        const id = await db
          .transaction()
          .execute((trx) =>
            queueWebhookEvent(trx, { type: 'ticket.created', data: { n: i }, now }),
          );
        if (id) queuedAt.set(id, now);
      }
    })();
    const during = await checkouts(() => Date.now() - start > windowMs);
    await producer;
    const inWindow = [...queuedAt.keys()].filter((id) => arrived.has(id)).length;
    // Drain: the jobs' next runs.
    const drainEnd = Date.now() + (jobsSeconds + 20) * 1000;
    while (Date.now() < drainEnd && [...queuedAt.keys()].some((id) => !arrived.has(id)))
      await sleep(500);
    const lags = [...queuedAt]
      .flatMap(([id, at]) => {
        const got = arrived.get(id);
        return got === undefined ? [] : [(got - at) / 1000];
      })
      .sort((a, b) => a - b);
    await handle.db.destroy();
    return {
      dialect: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      'events queued': queuedAt.size,
      'delivered in window': inWindow,
      'delivered after drain': [...queuedAt.keys()].filter((id) => arrived.has(id)).length,
      'bad signatures': bad,
      duplicates,
      'lag p50 s': pct(lags, 0.5).toFixed(1),
      'lag p99 s': pct(lags, 0.99).toFixed(1),
      'checkout p50 ms (before → during)': `${pct(before, 0.5).toFixed(0)} → ${pct(during, 0.5).toFixed(0)} (${before.length} / ${during.length} checkouts)`,
      'checkout p95 ms (before → during)': `${pct(before, 0.95).toFixed(0)} → ${pct(during, 0.95).toFixed(0)}`,
    };
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => (child && child.exitCode === null ? child.on('exit', r) : r(null)));
    receiverServer.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: values['database-url'] });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

const uptime = execSync('uptime').toString().trim();
const load = loadavg()[0]?.toFixed(2);
const rows: Row[] = [];
for (const dialect of values.dialects.split(',') as ('sqlite' | 'postgres')[]) {
  const row = await runOne(dialect);
  console.log(row);
  rows.push(row);
}
writeBenchSection(
  'webhooks',
  `The built server (one process, scheduled jobs every ${jobsSeconds} s) delivering to a receiver
on 127.0.0.1 that checks every signature, while the bench queues ${perMinute} events a minute for
${minutes} minute(s) into the same database (one transaction each, as other servers'
transactions would) and one buyer checks out through the sandbox every 250 ms; the checkout
time (purchase + Pay) is compared with 15 s of the same checkouts before the queue started.
Lag: from queueing to arrival (bounded below by the jobs' interval). \`uptime\` at the start:
\`${uptime}\` (load ${load}; other helpers' builds and tests share the 2 cores).

${markdownTable(rows)}`,
);
