// The scale bench: the built server (dist/main.js) on a database filled by `seed:scale`, the
// list calls of the heaviest users under load (req/s, p50, p99 with autocannon), then the plan
// of every query those calls run (bench/list-queries.ts). The result of each dialect is kept in
// bench/scale-results.json and the "scale" section of docs/benchmarks.md shows both.
//
//   pnpm --filter @nimbus/app-api seed:scale -- --users 1000000 --orders 5000000 --commissions
// 1000000
//   pnpm --filter @nimbus/app-api bench:scale
//   pnpm --filter @nimbus/app-api seed:scale -- --database-url
// postgres://postgres@127.0.0.1:5432/test ...
//   pnpm --filter @nimbus/app-api bench:scale -- --database-url
// postgres://postgres@127.0.0.1:5432/test
//
// Run through bench/bundle.ts (the list-query module builds the server in-process, from source).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database.ts';
import { loadConfig } from '../src/config/env.ts';
import { Sessions } from '../src/security/sessions.ts';
import { benchOperatorToken, consoleListCalls, consoleSubjects } from './console-list-queries.ts';
import {
  callPath,
  listCalls,
  listSubjects,
  planListCalls,
  type CallPlans,
} from './list-queries.ts';
import { scaleTarget, seedInfoPath } from './scale-target.ts';
import type { SeedResult, SeedSizes } from './seed.ts';
import { writeScaleSection, type DialectResult } from './scale-report.ts';
import { builtServer } from './built-server.ts';

const { values } = parseArgs({
  // `pnpm run x -- --flag` may pass the `--` on.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    'database-url': { type: 'string' },
    schema: { type: 'string' },
    sqlite: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    root: { type: 'string' },
  },
  allowPositionals: true,
});
// bench/bundle.ts runs this from a bundle elsewhere; it says where the package is.
const root = values.root ?? path.resolve(import.meta.dirname, '..');
const target = scaleTarget({
  databaseUrl: values['database-url'],
  schema: values.schema,
  sqlite: values.sqlite,
});
const DURATION_S = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const infoFile = seedInfoPath(target);
if (!existsSync(infoFile))
  throw new Error(`${infoFile} is missing: run seed:scale for ${target.label} first`);
const info = JSON.parse(readFileSync(infoFile, 'utf8')) as SeedResult & { sizes: SeedSizes };

const main = await builtServer(root);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-scale-run-'));
const databaseEnv: Record<string, string> = target.databaseUrl
  ? { DATABASE_URL: target.databaseUrl, DATABASE_SCHEMA: target.schema ?? 'nimbus_scale' }
  : { SQLITE_PATH: target.sqlitePath ?? '' };
const env = {
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  JOBS_INTERVAL_SECONDS: '0',
  ...databaseEnv,
};
const config = loadConfig(env);

// The heaviest caller of each list (page 1 and its last page), with a session each.
const database = openDatabase({ ...config, poolSize: 2 });
const sessions = new Sessions(database.db);
const memberCalls = listCalls(await listSubjects(database.db, info));
const tokens = new Map<number, string>();
for (const call of memberCalls) {
  if ('userId' in call && !tokens.has(call.userId))
    tokens.set(call.userId, await sessions.create(call.userId, null, Date.now()));
}
const count = async (
  table: 'orders' | 'kol_commissions' | 'group_buys' | 'group_buy_members' | 'users',
  column: 'user_id' | 'kol_id' | 'creator_id' | 'inviter_id',
  id: number,
) => {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column as never, '=', id as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
const subjects = {
  heaviestOrders: await count('orders', 'user_id', info.heaviestUserId),
  kolCommissions: await count('kol_commissions', 'kol_id', info.biggestKolId),
  kolInvitees: await count('users', 'inviter_id', info.biggestKolId),
  groupsCreated: await count('group_buys', 'creator_id', info.groupCreatorId),
  seatsTaken: await count('group_buy_members', 'user_id', info.groupMemberId),
};
// The console's lists are asked by an admin operator of the bench's own.
const operatorToken = await benchOperatorToken(database.db, Date.now());
const consoleCalls = consoleListCalls(await consoleSubjects(database.db, info));
await database.close();
const calls = [...memberCalls, ...consoleCalls];

const round1 = (x: number) => Math.round(x * 10) / 10;
const loadBefore = loadavg()[0] ?? 0;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [main], {
  env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));

type Row = DialectResult['calls'][number];
/** Until the server answers its health route within 100 ms again. */
async function drained(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const started = performance.now();
    try {
      if ((await fetch(`${base}/v4/health`)).ok && performance.now() - started < 100) return;
    } catch {
      // busy
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
/**
 * A call alone: one request after another on the warmed server, 20 to warm up, then as many as
 * fit in 5 s, 100 to 500, so the p99 is not the second-slowest of a hundred.
 */
async function timedAlone(url: string, init: RequestInit) {
  const once = async () => {
    const started = performance.now();
    await fetch(url, init).then((r) => r.arrayBuffer());
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  const aloneStarted = performance.now();
  while (times.length < 500 && (times.length < 100 || performance.now() - aloneStarted < 5000))
    times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return {
    p50: round1(at(0.5)),
    p99: round1(at(0.99)),
    max: round1(times.at(-1) ?? 0),
    count: times.length,
  };
}
const rows: Row[] = [];
let floor: DialectResult['floor'];
let plans: CallPlans[] = [];
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/v4/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  // The floor: the empty route alone on the same server, what the machine, HTTP and the
  // server's processes cost before any query.
  floor = await timedAlone(`${base}/v4/health`, {});
  console.log(
    `floor (GET /v4/health alone): p50 ${floor.p50} ms, p99 ${floor.p99} ms, slowest ${floor.max} ms of ${floor.count}`,
  );
  const requestOf = (call: (typeof calls)[number]) => ({
    url: `${base}/v4${callPath(call)}`,
    headers: {
      'content-type': 'application/json',
      language: 'en',
      platform: 'windows',
      authorization: 'userId' in call ? (tokens.get(call.userId) ?? '') : operatorToken,
    },
    body: JSON.stringify(call.body),
  });
  // First every call alone (the target is for this), before any load run, so what a load run
  // leaves behind (the database's checkpoint and vacuum, the server's garbage) is not counted as
  // a call's own tail.
  const alones = new Map<string, Awaited<ReturnType<typeof timedAlone>>>();
  for (const call of calls) {
    const { url, headers, body } = requestOf(call);
    const probe = (await (await fetch(url, { method: 'POST', headers, body })).json()) as {
      code: number;
      msg: string;
    };
    if (probe.code !== 200) throw new Error(`${call.name}: ${probe.code} ${probe.msg}`);
    const alone = await timedAlone(url, { method: 'POST', headers, body });
    alones.set(call.name, alone);
    console.log(
      `${call.name.padEnd(40)} alone: p50 ${alone.p50} ms, p99 ${alone.p99} ms, slowest ${alone.max} ms of ${alone.count}`,
    );
  }
  // Then each under load.
  for (const call of calls) {
    const { url, headers, body } = requestOf(call);
    // A call slower than the run still counts (timeout well past it); requests still in flight when
    // the time is up are waited out before the next call, so one call's backlog is not the next
    // one's latency.
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    const result = await autocannon({
      url,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 120,
    });
    const cpu = process.cpuUsage(cpuBefore);
    // The load generator (autocannon, in this process): its CPU time over the run's wall time,
    // in cores.
    const generatorCores = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
    await drained();
    const row: Row = {
      generatorCores: Math.round(generatorCores * 100) / 100,
      call: call.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bad: result.non2xx + result.errors + result.timeouts,
      requests: result.requests.total,
      alone: alones.get(call.name),
    };
    rows.push(row);
    console.log(
      `${call.name.padEnd(40)}${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  (${result.requests.total} requests, ${result.non2xx + result.errors + result.timeouts} bad); load generator ${row.generatorCores} cores`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await exited;
}
try {
  plans = await planListCalls({
    config,
    database: openDatabase({ ...config, poolSize: 2 }),
    keysDir: path.join(dataDir, 'keys'),
    calls,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = (call: CallPlans) => {
  const indexes = new Set<string>();
  for (const q of call.queries) {
    for (const line of q.plan) {
      for (const m of line.matchAll(/(?:USING (?:COVERING )?INDEX|using) (\w+)/g))
        indexes.add(m[1] ?? '');
      if (/INTEGER PRIMARY KEY/.test(line)) indexes.add('rowid');
    }
  }
  const scans = [...new Set(call.queries.flatMap((q) => q.fullScans))];
  const sorts = call.queries.flatMap((q) => q.sorts);
  return {
    indexes: [...indexes].join(', '),
    fullScans: scans.join(', ') || 'none',
    sorts: sorts.length,
  };
};

for (const call of plans) {
  const s = summary(call);
  console.log(`\n${call.call}: indexes ${s.indexes}; full scans: ${s.fullScans}; sorts ${s.sorts}`);
  for (const q of call.queries)
    console.log(
      `  ${q.sql.slice(0, 160)}${q.sql.length > 160 ? '...' : ''}\n    ${q.plan.join('\n    ')}`,
    );
}

// Keep this dialect's result beside the other's, then write the section from both.
const resultsFile = path.join(root, 'bench/scale-results.json');
const stored = (
  existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
) as Record<string, DialectResult>;
stored[target.dialect] = {
  measuredAt: new Date().toISOString().slice(0, 16).replace('T', ' '),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node}`,
  sizes: info.sizes,
  rows: info.rows,
  seedSeconds: Math.round(info.seconds),
  seedRowsPerSecond: Math.round(info.rowsPerSecond),
  subjects,
  connections: CONNECTIONS,
  durationS: DURATION_S,
  load: { before: round1(loadBefore), after: round1(loadavg()[0] ?? 0) },
  floor,
  calls: rows,
  plans: plans.map((p) => ({
    call: p.call,
    ...summary(p),
    queries: p.queries.map((q) => ({ sql: q.sql, plan: q.plan })),
  })),
};
writeFileSync(resultsFile, `${JSON.stringify(stored, null, 2)}\n`);

writeScaleSection(stored);
