// The node feed at scale: a node with 100,000 members (each with a traffic quota) pulls its list (cold, after a change, and
// unchanged with its ETag), then 50 nodes pull, push traffic and report who is online every 60 s
// for those 100,000 members, a sustained load, against the built server (dist/main.js) on a
// fresh database. Results per dialect go to bench/node-feed-results.json and the "node-feed"
// section of docs/benchmarks.md, with the machine's load.
//
//   node bench/bundle.ts node-feed [--members 100000 --nodes 50 --duration 180]
//   node bench/bundle.ts node-feed --database-url postgres://postgres@127.0.0.1:5432/test
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.ts';
import { addNode } from '../src/nodes/manage-nodes.ts';
import { feedStages } from './node-feed-stages.ts';
// @ts-expect-error the shared writer is plain JavaScript without types
import { markdownTable, writeBenchSection } from '../../../tooling/scripts/bench-report.mjs';
import { builtServer } from './built-server.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    'database-url': { type: 'string' },
    members: { type: 'string', default: '100000' },
    nodes: { type: 'string', default: '50' },
    duration: { type: 'string', default: '180' },
    root: { type: 'string' },
    // Only the in-process stages (no server, no sustained run, nothing written to the docs).
    'stages-only': { type: 'boolean', default: false },
  },
});
const root = values.root ?? path.resolve(import.meta.dirname, '..');
const MEMBERS = Number(values.members);
const NODES = Number(values.nodes);
const DURATION_S = Number(values.duration);
const INTERVAL_MS = 60_000;
const dialect = values['database-url'] ? 'postgres' : 'sqlite';
const schema = `node_feed_bench_${randomBytes(3).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-node-feed-'));
const dbEnv: Record<string, string> = values['database-url']
  ? { DATABASE_URL: values['database-url'], DATABASE_SCHEMA: schema }
  : { SQLITE_PATH: path.join(dataDir, 'nimbus.sqlite') };

const main = await builtServer(root);

// --- seed: members with a working link, and the nodes -------------------------------------------
const database = openDatabase({
  databaseUrl: dbEnv.DATABASE_URL,
  databaseSchema: dbEnv.DATABASE_SCHEMA,
  sqlitePath: dbEnv.SQLITE_PATH ?? '',
  poolSize: 2,
});
await database.migrate();
const db = database.db;
const now = Date.now();
// The members' rows were written over the last month, as in life (a kept list reads again the
// rows written within a minute of the newest with every change: not all of them).
const written = () => now - Math.floor(Math.random() * 30 * 86_400_000);
const seedStarted = performance.now();
const BATCH = 1000;
await db.transaction().execute(async (trx) => {
  for (let first = 0; first < MEMBERS; first += BATCH) {
    const size = Math.min(BATCH, MEMBERS - first);
    const rows = Array.from({ length: size }, (_, i) => {
      const tag = `${first + i}`;
      return {
        username: `feed_${tag}`,
        username_display: `feed_${tag}`,
        email: null,
        phone: null,
        password_hash: '!bench',
        language: 'en',
        invite_code: `F${tag}`,
        inviter_id: null,
        // 30-day plans bought over the last month: some expire during any minute, as in life.
        standard_expires_at: now + Math.floor(Math.random() * 30 * 86_400_000) + 3_600_000,
        lite_expires_at: null,
        benefits_expires_at: null,
        devices_allowed: 3,
        // Every member has a monthly traffic quota (docs/nodes.md, "Traffic quotas"): each push
        // sums the cycle's traffic of the members it carries.
        quota_gb: 100,
        quota_reset: 'month_start',
        quota_purchased_at: written(),
        created_at: written(),
        updated_at: written(),
        deleted_at: null,
      };
    });
    const ids = await trx.insertInto('users').values(rows).returning('id').execute();
    await trx
      .insertInto('third_party_clients')
      .values(
        ids.map(({ id }) => ({
          user_id: id,
          enabled: 1,
          enabled_at: written(),
          last_enabled_at: written(),
          updated_at: written(),
        })),
      )
      .execute();
    await trx
      .insertInto('subscription_tokens')
      .values(
        ids.map(({ id }) => ({
          token_hash: randomBytes(32).toString('hex'),
          user_id: id,
          token_sealed: null,
          created_at: written(),
          revoked_at: null,
          node_uuid: randomUUID(),
        })),
      )
      .execute();
  }
});
// A month of history: every member's traffic of each of the last 30 days (the daily rows a quota
// cycle sums), so a push's quota check reads a table of the size it has in life (3 million rows
// for 100,000 members), not an empty one.
const today = Math.floor(now / 86_400_000);
await sql`
  with recursive days(d) as (select cast(${today - 30} as integer) union all select d + 1 from days where d < ${today - 1})
  insert into member_traffic (user_id, span, period_day, upload, download)
  select u.id, 'd', days.d, ((u.id % 997) * 2003 + (days.d % 31) * 17) % 2000000,
    ((u.id % 991) * 40111 + (days.d % 31) * 131) % 40000000
  from users u, days`.execute(db);
if (dialect === 'postgres') {
  // As autovacuum would after the seed (this machine's test PostgreSQL runs without it).
  for (const table of ['users', 'third_party_clients', 'subscription_tokens', 'member_traffic'])
    await sql`analyze ${sql.table(table)}`.execute(db);
}
const seedSeconds = (performance.now() - seedStarted) / 1000;
const memberIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map(
  (r) => r.id,
);
const nodes: Array<{ id: number; token: string }> = [];
for (let i = 0; i < NODES; i++) {
  const added = await addNode(
    db,
    {
      key: `bench-${i}`,
      name: `Bench ${i}`,
      region: 'JP',
      protocol: 'vless',
      host: `n${i}.bench.example`,
      port: 443,
      access: 'standard',
      capacityMbps: 10_000,
      params: { security: 'tls', sni: `n${i}.bench.example` },
    },
    { actor: 'ops:bench', now },
  );
  nodes.push({ id: added.id, token: added.token ?? '' });
}
/** Drops the bench's schema (PostgreSQL) and data folder. */
async function cleanUp() {
  if (dialect === 'postgres') {
    const cleanup = openDatabase({
      databaseUrl: dbEnv.DATABASE_URL,
      databaseSchema: undefined,
      sqlitePath: '',
      poolSize: 1,
    });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
    await cleanup.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

// The list built in this process, stage by stage, before the server's pulls.
const stages = await feedStages(db, { now: Date.now(), touchUserId: memberIds[0] ?? 0 });
console.log('in-process stages (ms, median of 3):', JSON.stringify(stages));
await database.close();
if (values['stages-only']) {
  await cleanUp();
  process.exit(0);
}

// --- the server ----------------------------------------------------------------------------------
const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address() as { port: number };
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [main], {
  env: {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_INTERVAL_SECONDS: '0',
    ...dbEnv,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/v4/health`)).ok) break;
  } catch {
    if (i > 300) throw new Error('the server did not start');
  }
  await new Promise((r) => setTimeout(r, 100));
}

const feedUrl = (node: { id: number; token: string }, action: string) =>
  `${base}/api/v1/server/UniProxy/${action}?node_id=${node.id}&node_type=vless&token=${node.token}`;
const first = nodes[0] ?? { id: 0, token: '' };

/** CPU seconds the server process has used (utime + stime from /proc). */
function serverCpuSeconds(): number {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function timedPull(
  etag = '',
): Promise<{ ms: number; status: number; bytes: number; etag: string; members: number }> {
  const started = performance.now();
  const res = await fetch(feedUrl(first, 'user'), {
    headers: { 'accept-encoding': 'gzip', ...(etag ? { 'if-none-match': etag } : {}) },
  });
  const body = await res.text();
  const ms = performance.now() - started;
  return {
    ms,
    status: res.status,
    bytes: body.length,
    etag: res.headers.get('etag') ?? '',
    members: res.status === 200 ? (JSON.parse(body) as { users: unknown[] }).users.length : 0,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};
const round = (n: number) => Math.round(n * 10) / 10;

// --- one node with every member: cold, after a change, unchanged ----------------------------------
const cold = await timedPull();
const afterChange: number[] = [];
for (let i = 0; i < 5; i++) {
  // A member's row changes (a renewal): that member is read again; the body stays the same size.
  await fetch(`${base}/v4/health`);
  const touch = openDatabase({
    databaseUrl: dbEnv.DATABASE_URL,
    databaseSchema: dbEnv.DATABASE_SCHEMA,
    sqlitePath: dbEnv.SQLITE_PATH ?? '',
    poolSize: 1,
  });
  await touch.db
    .updateTable('users')
    .set({ updated_at: Date.now() + i })
    .where('id', '=', memberIds[i] ?? 0)
    .execute();
  await touch.close();
  afterChange.push((await timedPull()).ms);
}
const etag = (await timedPull()).etag;
const etagLoad = await autocannon({
  url: feedUrl(first, 'user'),
  connections: 10,
  duration: 10,
  headers: { 'if-none-match': etag },
});

// --- 50 nodes, every 60 s: pull (ETag), push traffic, report alive ----------------------------------
const perNode = Math.ceil(memberIds.length / NODES);
const latencies = { pull: [] as number[], push: [] as number[], alive: [] as number[] };
const failures: string[] = [];
const cpuBefore = serverCpuSeconds();
const loadBefore = loadavg();
const started = Date.now();
const stopAt = started + DURATION_S * 1000;
async function nodeLoop(index: number) {
  const node = nodes[index] ?? first;
  const members = memberIds.slice(index * perNode, (index + 1) * perNode);
  let nodeEtag = '';
  // Nodes start at random moments of the first minute, as real ones do.
  await new Promise((r) => setTimeout(r, Math.random() * INTERVAL_MS));
  while (Date.now() < stopAt) {
    const cycle = Date.now();
    let t = performance.now();
    const pulled = await fetch(feedUrl(node, 'user'), {
      headers: nodeEtag ? { 'if-none-match': nodeEtag } : {},
    });
    await pulled.arrayBuffer();
    latencies.pull.push(performance.now() - t);
    if (pulled.status === 200) nodeEtag = pulled.headers.get('etag') ?? '';
    else if (pulled.status !== 304) failures.push(`pull ${pulled.status}`);

    const traffic: Record<string, [number, number]> = {};
    const alive: Record<string, string[]> = {};
    for (const id of members) {
      traffic[id] = [Math.floor(Math.random() * 2_000_000), Math.floor(Math.random() * 40_000_000)];
      alive[id] = [`10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}_${node.id}`];
    }
    t = performance.now();
    const push = await fetch(feedUrl(node, 'push'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(traffic),
    });
    await push.arrayBuffer();
    latencies.push.push(performance.now() - t);
    if (push.status !== 200) failures.push(`push ${push.status}`);
    t = performance.now();
    const reported = await fetch(feedUrl(node, 'alive'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alive),
    });
    await reported.arrayBuffer();
    latencies.alive.push(performance.now() - t);
    if (reported.status !== 200) failures.push(`alive ${reported.status}`);
    await new Promise((r) =>
      setTimeout(r, Math.max(0, Math.min(cycle + INTERVAL_MS, stopAt) - Date.now())),
    );
  }
}
await Promise.all(nodes.map((_, i) => nodeLoop(i)));
const elapsedS = (Date.now() - started) / 1000;
const cpuPercent = ((serverCpuSeconds() - cpuBefore) / elapsedS) * 100;
const loadAfter = loadavg();

server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
await cleanUp();

// --- report ----------------------------------------------------------------------------------------
const result = {
  measuredAt: new Date().toISOString().slice(0, 16).replace('T', ' '),
  members: cold.members,
  nodes: NODES,
  seedSeconds: round(seedSeconds),
  coldPullMs: round(cold.ms),
  bodyMb: round(cold.bytes / 1e6),
  changedPullMs: { p50: round(percentile(afterChange, 50)), max: round(Math.max(...afterChange)) },
  etag: {
    rps: round(etagLoad.requests.average),
    p50: etagLoad.latency.p50,
    p99: etagLoad.latency.p99,
    non304:
      etagLoad.requests.total -
      ((etagLoad as unknown as { statusCodeStats?: Record<string, { count: number }> })
        .statusCodeStats?.['304']?.count ?? 0),
  },
  sustained: {
    durationS: round(elapsedS),
    pulls: latencies.pull.length,
    pushes: latencies.push.length,
    pullP50: round(percentile(latencies.pull, 50)),
    pullP99: round(percentile(latencies.pull, 99)),
    pushP50: round(percentile(latencies.push, 50)),
    pushP99: round(percentile(latencies.push, 99)),
    aliveP50: round(percentile(latencies.alive, 50)),
    aliveP99: round(percentile(latencies.alive, 99)),
    failures: failures.length,
    serverCpuPercent: round(cpuPercent),
  },
  load: { before: loadBefore.map(round), after: loadAfter.map(round) },
  stages,
};
console.log(JSON.stringify(result, null, 2));
const resultsFile = path.join(root, 'bench/node-feed-results.json');
const all = (
  existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
) as Record<string, typeof result>;
all[dialect] = result;
writeFileSync(resultsFile, `${JSON.stringify(all, null, 2)}\n`);

const rows = Object.entries(all).map(([name, r]) => ({
  dialect: name === 'sqlite' ? 'SQLite' : 'PostgreSQL',
  measured: `${r.measuredAt} UTC`,
  members: r.members.toLocaleString('en'),
  'cold pull ms': r.coldPullMs,
  'pull after a change ms (p50 / max of 5)': `${r.changedPullMs.p50} / ${r.changedPullMs.max}`,
  'body MB': r.bodyMb,
  'ETag 304 req/s (10 conn.)': r.etag.rps,
  'ETag p50 / p99 ms': `${r.etag.p50} / ${r.etag.p99}`,
}));
const sustained = Object.entries(all).map(([name, r]) => ({
  dialect: name === 'sqlite' ? 'SQLite' : 'PostgreSQL',
  nodes: r.nodes,
  s: r.sustained.durationS,
  'pulls / pushes': `${r.sustained.pulls} / ${r.sustained.pushes}`,
  'pull p50 / p99 ms': `${r.sustained.pullP50} / ${r.sustained.pullP99}`,
  'push p50 / p99 ms': `${r.sustained.pushP50} / ${r.sustained.pushP99}`,
  'alive p50 / p99 ms': `${r.sustained.aliveP50} / ${r.sustained.aliveP99}`,
  failures: r.sustained.failures,
  'server CPU % of a core': r.sustained.serverCpuPercent,
  'load avg before → after': `${r.load.before.join(' ')} → ${r.load.after.join(' ')}`,
}));
const stageRows = Object.entries(all)
  .filter(([, r]) => r.stages !== undefined)
  .map(([name, r]) => ({
    dialect: name === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    'read rows': r.stages.rowsMs,
    'entries JSON': r.stages.candidatesMs,
    'blocks, SHA-1': r.stages.listMs,
    'gzip (MB)': `${r.stages.gzipMs} (${r.stages.gzipMb})`,
    'plain body': r.stages.bodyMs,
    'after a change (+ gzip)': `${r.stages.changeMs} (+ ${r.stages.changeGzipMs})`,
    'after an expiry, with gzip': r.stages.expiryMs,
  }));
(writeBenchSection as (id: string, markdown: string) => void)(
  'node-feed',
  `One node with every member pulls its user list: cold (the first pull builds it), after a
member's row changed (that member read again), and unchanged with its ETag (304, autocannon, 10 s). Then ${NODES}
nodes each pull (with their ETag), push traffic for their share of the members and report them
online every 60 s, starting at random moments of the first minute.

${markdownTable(rows)}

The same list built inside one process on the bench's database, stage by stage (ms, median of
three; these depend less on the machine's load than a pull through HTTP): reading the rows,
making each member's JSON, listing the blocks with their SHA-1, the gzip, the plain body; then a
kept list after one member's row changed (read, merged, one block listed and compressed anew), and
after a plan ran out (one block anew, from the rows kept).

${markdownTable(stageRows)}

${markdownTable(sustained)}`,
);
process.exit(0);
