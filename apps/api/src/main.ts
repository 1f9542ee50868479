import { ConfigError, loadConfig } from './env.ts';
import { createServer } from './server.ts';

/**
 * The start command: configuration from the environment, then the database (migrated), keys,
 * and the server on HOST:PORT. SIGTERM/SIGINT close it gracefully: no new connections, requests
 * in flight finish, the database closes; after SHUTDOWN_TIMEOUT_MS the process exits anyway.
 */
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
  const app = await createServer(config);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
