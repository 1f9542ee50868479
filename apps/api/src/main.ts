import cluster from 'node:cluster';
import { runPrimary } from './cluster.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { checkProduction } from './config/production-check.ts';
import { DatabaseUnreachableError } from './db/unreachable.ts';
import { createServer } from './server.ts';

/**
 * The start command: configuration from the environment, then the database (migrated), keys,
 * and the server on HOST:PORT. SIGTERM/SIGINT close it gracefully: no new connections, requests
 * in flight finish, the database closes; after SHUTDOWN_TIMEOUT_MS the process exits anyway.
 * With WORKERS > 1 this process is the cluster's primary (cluster.ts) and each worker runs the
 * same start; only the worker told so runs the scheduled jobs and the pruning.
 */
/**
 * Ends the process with `code` once the log lines just written are out. The logger (pino)
 * writes asynchronously: process.exit() at once cut off the last line ('closed', or the error
 * saying why the shutdown failed) when stdout is a busy pipe (seen by
 * test/reliability/graceful-shutdown.test.ts). With everything closed the process ends by itself
 * after the logger's final flush; a handle left open cannot hold it past a short grace.
 */
function exitAfterLogs(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 250).unref();
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Production settings that would make the service wrong for members stop it, one line each.
  const production = checkProduction(config);
  if (production.errors.length > 0) {
    console.error(production.errors.join('\n'));
    process.exit(1);
  }
  if (config.workers > 1 && cluster.isPrimary) {
    await runPrimary(config);
    return;
  }
  const app = await createServer(
    config,
    config.runsJobs ? {} : { pruneIntervalMs: 0, jobIntervalMs: 0 },
  );
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exitAfterLogs(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('closed');
        exitAfterLogs(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        exitAfterLogs(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // The rest is said at every start (once: by the process that runs the jobs) and by ops check.
  if (config.runsJobs) for (const warning of production.warnings) app.log.warn(warning);
  await app.listen({ host: config.host, port: config.port });
  // Links in messages and provider return URLs use PUBLIC_URL: say where to open the product.
  if (config.mode !== 'production') app.log.info(`open the product at ${config.publicUrl}`);
  if (config.exampleSettings)
    app.log.info(
      'example settings are on (group buying, downloads, links, a notice): set your own, or EXAMPLE_SETTINGS=false',
    );
}

/** Another process holds HOST:PORT: which, and what to do, instead of a stack trace. */
function portInUse(error: unknown): string | undefined {
  const { code, address, port } = (error ?? {}) as {
    code?: unknown;
    address?: unknown;
    port?: unknown;
  };
  if (code !== 'EADDRINUSE' || typeof port !== 'number') return undefined;
  return `Port ${port} on ${String(address)} is already in use: stop what listens there, or start on another port (PORT=${port + 1}).`;
}

main().catch((error: unknown) => {
  // What the operator must fix is said in one line; anything else is a bug, with its stack.
  console.error(
    error instanceof DatabaseUnreachableError ? error.message : (portInUse(error) ?? error),
  );
  process.exit(1);
});
