// Three servers against one, in the same run: the built server (dist/main.js) three times on one
// PostgreSQL, each with its own data folder and the keys by environment, behind Debian's haproxy
// (round robin), loaded through the proxy with an authenticated call that reads the database
// (user_sessions), then the same load through the same proxy to one of them. Writes the
// "three-servers" section of docs/benchmarks.md with the machine's load.
//
//   node bench/three-servers.ts [--database-url postgres://postgres@127.0.0.1:5432/test --duration 15]
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
// @ts-expect-error the shared writer is plain JavaScript without types
import { markdownTable, writeBenchSection } from '../../../tooling/scripts/bench-report.mjs';
import { builtServer } from './built-server.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '24' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const url = values['database-url'];
const schema = `three_bench_${randomBytes(3).toString('hex')}`;
const folder = mkdtempSync(path.join(tmpdir(), 'nimbus-three-bench-'));
const main = await builtServer(root);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function untilReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/v4/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not become ready`);
}

const children: ChildProcess[] = [];
const env: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  WORKERS: '1',
  TRUST_PROXY: '1',
  DATABASE_URL: url,
  DATABASE_SCHEMA: schema,
  SERVER_SECRET: randomBytes(32).toString('hex'),
  JOBS_INTERVAL_SECONDS: '0',
  ...Object.fromEntries(
    ['IOS', 'ANDROID', 'MAC', 'WINDOWS'].map((p) => [
      `SIGNING_KEY_${p}`,
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ]),
  ),
};
try {
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    ports.push(port);
    const child = spawn(process.execPath, [main], {
      env: { ...env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(folder, `s${i}-`)) },
      stdio: 'inherit',
    });
    children.push(child);
    // The first migrates the schema; the others start on it.
    await untilReady(`http://127.0.0.1:${port}`);
  }
  const [onePort, threePort] = [await freePort(), await freePort()];
  const config = path.join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 1024',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  option forwardfor',
      `frontend one`,
      `  bind 127.0.0.1:${onePort}`,
      '  default_backend one',
      `frontend three`,
      `  bind 127.0.0.1:${threePort}`,
      '  default_backend three',
      'backend one',
      `  server s0 127.0.0.1:${ports[0]}`,
      'backend three',
      '  balance roundrobin',
      ...ports.map((p, i) => `  server s${i} 127.0.0.1:${p}`),
      '',
    ].join('\n'),
  );
  children.push(spawn('haproxy', ['-db', '-f', config], { stdio: 'inherit' }));
  await untilReady(`http://127.0.0.1:${threePort}`);

  const register = await fetch(`http://127.0.0.1:${threePort}/v4/api/user/user_register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', platform: 'windows' },
    body: JSON.stringify({
      channel: 'username',
      account: `bench_${randomBytes(4).toString('hex')}`,
      password: 'correct horse battery',
      agreeTerms: true,
    }),
  });
  const token = register.headers.get('pragma') ?? '';
  if (!register.ok || token === '') throw new Error('registration failed');

  // Warm-up (JIT, connection pools) through all three, not measured.
  await autocannon({
    url: `http://127.0.0.1:${threePort}/v4/api/user/user_sessions`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
    body: '{}',
    connections: Number(values.connections),
    duration: 5,
  });
  const rows = [];
  for (const [servers, port] of [
    [3, threePort],
    [1, onePort],
    [3, threePort],
  ] as const) {
    const load = loadavg()[0] ?? 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/v4/api/user/user_sessions`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
      body: '{}',
      connections: Number(values.connections),
      duration: Number(values.duration),
    });
    rows.push({
      servers,
      'req/s': result.requests.average.toFixed(0),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'non-2xx': result.non2xx + result.errors,
      'load avg at start': load.toFixed(1),
    });
    console.log(rows.at(-1));
  }
  writeBenchSection(
    'three-servers',
    `Three server processes (WORKERS=1 each, own data folders, keys by environment) on one
PostgreSQL behind haproxy, against one of them behind the same haproxy, in the same run:
\`user_sessions\` (a session check and a read of the member's sessions), ${values.connections}
connections, ${values.duration} s per row after a 5 s warm-up (three, one, three again). On ${availableParallelism()}
cores shared by every process here (the three servers, PostgreSQL, haproxy and autocannon), more
processes cannot add cores: the figure shows what the proxy and the shared database cost, not
what three machines give. \`node bench/three-servers.ts\` (apps/api).

${markdownTable(rows)}`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
  rmSync(folder, { recursive: true, force: true });
}
