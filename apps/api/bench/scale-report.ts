// Writes the "scale" section of docs/benchmarks.md from bench/scale-results.json (each dialect's
// last bench/scale.ts result). `node bench/scale-report.ts` rewrites it without measuring.
import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error the shared writer is plain JavaScript without types
import { markdownTable, writeBenchSection } from '../../../tooling/scripts/bench-report.mjs';

export interface DialectResult {
  measuredAt: string;
  machine: string;
  sizes: { users: number; orders: number; commissions: number };
  rows: Record<string, number>;
  seedSeconds: number;
  seedRowsPerSecond: number;
  subjects: {
    heaviestOrders: number;
    kolCommissions: number;
    kolInvitees: number;
    groupsCreated: number;
    seatsTaken: number;
  };
  connections: number;
  durationS: number;
  /** One-minute load average when the calls started and when they ended. */
  load?: { before: number; after: number };
  /** The empty route (GET /v4/health) alone on the same server: the floor under every call. */
  floor?: { p50: number; p99: number; max: number; count: number };
  calls: {
    call: string;
    rps: number;
    p50: number;
    p99: number;
    bad: number;
    requests: number;
    /** Cores the load generator (autocannon, in the bench process) used during the run. */
    generatorCores?: number;
    /** The call alone, one request after another. */
    alone?:
      { p50: number; p99: number; max?: number; count: number } | { p50: number; max: number };
  }[];
  plans: {
    call: string;
    indexes: string;
    fullScans: string;
    sorts: number;
    queries: { sql: string; plan: string[] }[];
  }[];
}

const DIALECTS = [
  ['sqlite', 'SQLite'],
  ['postgres', 'PostgreSQL'],
] as const;
const n = (x: number) => x.toLocaleString('en');

/** The "scale" section of docs/benchmarks.md from the stored result of each dialect. */
export function writeScaleSection(stored: Record<string, DialectResult>): void {
  const parts: string[] = [];
  for (const [key, label] of DIALECTS) {
    const r = stored[key];
    if (!r) {
      parts.push(`### ${label}\n\nNot measured yet.`);
      continue;
    }
    const rowsTotal = Object.values(r.rows).reduce((a, b) => a + b, 0);
    parts.push(
      [
        `### ${label}`,
        '',
        `Measured ${r.measuredAt} UTC on ${r.machine}. Seeded ${n(r.sizes.users)} users, ${n(r.sizes.orders)} orders, ${n(r.sizes.commissions)} commissions (${n(rowsTotal)} rows in all: ${Object.entries(
          r.rows,
        )
          .map(([t, c]) => `${t} ${n(c)}`)
          .join(', ')}) in ${n(r.seedSeconds)} s (${n(r.seedRowsPerSecond)} rows/s).`,
        `The callers: the heaviest user has ${n(r.subjects.heaviestOrders)} orders (deep page ${Math.max(2, Math.ceil(r.subjects.heaviestOrders / 20))} of 20), the biggest KOL ${n(r.subjects.kolCommissions)} commissions and ${n(r.subjects.kolInvitees)} invitees, the group creator ${n(r.subjects.groupsCreated)} groups, the group member ${n(r.subjects.seatsTaken)} seats. ${r.connections} connections, ${r.durationS} s per call (answers: requests answered in that time), every call alone first, before any load run: one request after another on the warmed server, 100 to 500 within 5 s after 20 to warm up (the target: under 10 ms p99 alone). Load generator: autocannon in the bench process on the same 2 cores as the server and the database; its column is the cores it used during the run.${r.load ? ` Load average (1 min) ${r.load.before} when the calls started, ${r.load.after} when they ended (other work on the machine takes cores too).` : ''}${r.floor ? ` The floor, the empty route (GET /v4/health) alone on the same server, the same way: p50 ${r.floor.p50} / p99 ${r.floor.p99} / slowest ${r.floor.max} ms (${r.floor.count} requests).` : ''}`,
        '',
        markdownTable(
          r.calls.map((c) => {
            const p = r.plans.find((x) => x.call === c.call);
            return {
              call: c.call,
              'req/s': c.rps < 10 ? c.rps.toFixed(1) : Math.round(c.rps),
              'p50 ms': c.requests > 0 ? c.p50 : 'none answered',
              'p99 ms': c.requests > 0 ? c.p99 : 'none answered',
              answers: c.requests,
              'non-2xx': c.bad,
              'alone: p50 / p99 / slowest ms (requests)': !c.alone
                ? ''
                : 'p99' in c.alone
                  ? `${c.alone.p50} / ${c.alone.p99}${c.alone.max === undefined ? '' : ` / ${c.alone.max}`} (${c.alone.count})`
                  : `${c.alone.p50} / slowest ${c.alone.max} (10)`,
              'under 10 ms p99 alone':
                c.alone && 'p99' in c.alone ? (c.alone.p99 < 10 ? 'yes' : 'no') : '',
              'load generator, cores': c.generatorCores ?? '',
              'indexes used': p?.indexes ?? '',
              'full scans': p?.fullScans ?? '',
              'sorts in the plan': p?.sorts ?? '',
            };
          }),
        ) as string,
      ].join('\n'),
    );
  }
  const plansDetail = DIALECTS.flatMap(([key, label]) =>
    stored[key]
      ? [
          `<details><summary>${label} query plans</summary>\n\n${stored[key].plans.map((p) => `**${p.call}**\n\n\`\`\`\n${p.queries.map((q) => `${q.sql}\n  ${q.plan.join('\n  ')}`).join('\n\n')}\n\`\`\``).join('\n\n')}\n\n</details>`,
        ]
      : [],
  );
  (writeBenchSection as (id: string, markdown: string) => void)(
    'scale',
    [...parts, ...plansDetail].join('\n\n'),
  );
}

if (import.meta.main) {
  writeScaleSection(
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'scale-results.json'), 'utf8'),
    ) as Record<string, DialectResult>,
  );
}
