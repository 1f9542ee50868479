import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';
import { JOBS_RUN_FIELDS, type JobMeter } from '../jobs/scheduled-jobs.ts';
import type { RsaDecryptor } from '../security/rsa-decryptor.ts';

/** A query at least this slow is counted as slow and logged (its SQL, never its parameters). */
export const SLOW_QUERY_MS = 250;

/** Seconds: an indexed read (0.1 ms) to a list at scale or a slow query (5 s+). */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Seconds: a run with nothing due (ms) to one sending a backlog of mail (minutes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/** mailSent -> mail_sent: the label value of a run's field. */
const kindOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface ServiceMetricsInput {
  registry: Registry;
  database: DatabaseHandle;
  decryptor: RsaDecryptor;
  log: FastifyBaseLogger;
}

/**
 * This process's own machinery, in its registry (summed over workers with the rest): database
 * queries (latency, failures, slow ones), the connection pool, the signed calls' RSA blocks and
 * the decrypting threads' queue, and the scheduled jobs' runs, failures and what they did.
 */
export function serviceMetrics({ registry, database, decryptor, log }: ServiceMetricsInput): {
  jobs: JobMeter;
} {
  const queries = new Histogram({
    name: 'nimbus_db_query_duration_seconds',
    help: 'Database queries of this process by outcome (ok, error), from sending to the answer',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const slow = new Counter({
    name: 'nimbus_db_slow_queries_total',
    help: `Database queries that took ${SLOW_QUERY_MS} ms or more (each is logged with its SQL)`,
    registers: [registry],
  });
  for (const outcome of ['ok', 'error']) queries.zero({ outcome });
  database.onQuery(({ ms, sql, failed }) => {
    queries.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000);
    if (ms < SLOW_QUERY_MS) return;
    slow.inc();
    log.warn({ ms: Math.round(ms), sql: sql.slice(0, 500) }, 'slow database query');
  });
  new Gauge({
    name: 'nimbus_db_pool_connections',
    help: 'Database connections of this process: total (in use or idle) and idle',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'nimbus_db_pool_waiting',
    help: 'Queries of this process waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(database.poolStats().waiting);
    },
  });

  // The decryptor counts; the counter moves by what it counted since the last scrape.
  const seen = { opened: 0, refused: 0 };
  new Counter({
    name: 'nimbus_signed_call_decrypts_total',
    help: "Signed calls' RSA blocks opened (ok) or not opening with the key named (refused)",
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const stats = decryptor.stats();
      this.inc({ outcome: 'ok' }, stats.opened - seen.opened);
      this.inc({ outcome: 'refused' }, stats.refused - seen.refused);
      seen.opened = stats.opened;
      seen.refused = stats.refused;
    },
  });
  new Gauge({
    name: 'nimbus_decrypt_pool_queue',
    help: 'RSA blocks waiting for a decrypting thread (DECRYPT_THREADS)',
    registers: [registry],
    collect() {
      this.set(decryptor.stats().queued);
    },
  });
  new Gauge({
    name: 'nimbus_decrypt_pool_threads',
    help: 'Decrypting threads running (they end after a minute idle)',
    registers: [registry],
    collect() {
      this.set(decryptor.stats().threads);
    },
  });
  new Gauge({
    name: 'nimbus_decrypt_pool_utilization',
    help: 'Share of the decrypting threads busy since they started (0-1, averaged over workers)',
    aggregator: 'average',
    registers: [registry],
    collect() {
      this.set(decryptor.stats().utilization);
    },
  });

  const runs = new Counter({
    name: 'nimbus_job_runs_total',
    help: 'Runs of the scheduled jobs by this process, by outcome (ok, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const runTime = new Histogram({
    name: 'nimbus_job_run_duration_seconds',
    help: 'How long a run of the scheduled jobs took',
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const items = new Counter({
    name: 'nimbus_job_items_total',
    help: 'What the scheduled jobs did, by kind (mail sent, refunds paid, webhooks delivered...)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  for (const outcome of ['ok', 'failed']) runs.inc({ outcome }, 0);
  for (const field of JOBS_RUN_FIELDS) items.inc({ kind: kindOf(field) }, 0);
  runTime.zero({});
  return {
    jobs: {
      ran(run, seconds) {
        runs.inc({ outcome: 'ok' });
        runTime.observe(seconds);
        for (const field of JOBS_RUN_FIELDS) items.inc({ kind: kindOf(field) }, run[field]);
      },
      failed(seconds) {
        runs.inc({ outcome: 'failed' });
        runTime.observe(seconds);
      },
    },
  };
}
