import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config/env.ts';
import { processLogger } from './http/server-log.ts';
import { isOutboxMessage } from './platform/cluster-outbox.ts';
import { createServer } from './server.ts';
import { metricsEnabled, serveClusterMetrics } from './metrics/index.ts';

/**
 * The primary of a multi-process server (WORKERS > 1): it prepares what every process shares
 * (the database migrated, the keys and the server secret created) once, then forks the workers,
 * which share the port (the primary hands connections round-robin). One worker runs the scheduled
 * jobs and the pruning; the database is what keeps sessions, nonces, rate counters and claims
 * right across processes. A worker that dies is replaced; one that exits by itself before it
 * listens stops the whole server (a bad configuration would otherwise restart forever). SIGTERM/SIGINT are passed
 * to the workers, which shut down gracefully; the primary exits when they have.
 */

/** Set in a worker's environment: whether it runs the scheduled jobs and pruning (env.ts). */
const RUNS_JOBS_ENV = 'NIMBUS_RUNS_JOBS';

export async function runPrimary(config: Config): Promise<void> {
  const log = await processLogger(config, { role: 'primary' });
  // Migrations and key creation happen here once, not in N processes racing for them.
  const prepared = await createServer(
    { ...config, logLevel: 'warn' },
    { pruneIntervalMs: 0, jobIntervalMs: 0 },
  );
  await prepared.close();

  let closing = false;
  let exitCode = 0;
  const listening = new Set<Worker>();
  const runsJobs = new Set<Worker>();

  const fork = (jobs: boolean): void => {
    const worker = cluster.fork({ [RUNS_JOBS_ENV]: jobs ? '1' : '0' });
    worker.once('listening', () => listening.add(worker));
    // A message or connection handed to a worker as it dies fails here; the exit handler
    // replaces the worker. Unhandled, the error would end the primary and every worker.
    worker.on('error', (error: Error) => log.warn({ err: error }, 'a worker channel failed'));
    if (jobs) runsJobs.add(worker);
    // A code one worker put in the dev outbox goes to every other worker's.
    worker.on('message', (message: unknown) => {
      if (!isOutboxMessage(message)) return;
      for (const other of Object.values(cluster.workers ?? {}))
        if (other && other !== worker) other.send(message);
    });
  };

  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('workers took too long to shut down; exiting');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 1_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const jobs = runsJobs.delete(worker);
    const served = listening.delete(worker);
    // Killed by a signal (an operator, the OOM killer) it is replaced even while starting; one
    // that exits by itself before it listens has a start that fails (configuration, port).
    if (!closing && (served || signal !== null)) {
      log.warn({ code, signal }, 'a worker exited; starting another');
      fork(jobs);
      return;
    }
    if (!closing) {
      log.error({ code, signal }, 'a worker failed before it listened; stopping the server');
      exitCode = 1;
      shutdown('SIGTERM');
    } else if (code !== 0 && !(signal === 'SIGTERM' && !served)) {
      // (A worker still starting when the shutdown came ends by the signal itself: fine.)
      exitCode = 1;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      log.info('closed');
      process.exitCode = exitCode;
    }
  });
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // A worker's GET /metrics asks here for every worker's figures (metrics/cluster-metrics.ts).
  if (metricsEnabled(config)) serveClusterMetrics();

  for (let i = 0; i < config.workers; i++) fork(i === 0);
  log.info({ port: config.port }, `started ${config.workers} workers`);
}
