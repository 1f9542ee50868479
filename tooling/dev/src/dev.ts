// `pnpm dev`: see dev-server.ts. PORT (default 8080) and HOST (default localhost) as for
// `pnpm start`; DATA_DIR defaults to data/dev. Ctrl-C stops everything.
import path from 'node:path';
import { PortInUseError, startDevServer } from './dev-server.ts';
import { log } from './log.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const server = await startDevServer({
  root,
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? 'localhost',
}).catch((error: unknown) => {
  // A port another process holds is said in one line; anything else is a bug, with its stack.
  if (!(error instanceof PortInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});

// A Vite server a plugin starts for itself (vanilla-extract's compiler) ends the process on
// SIGTERM at once, which would leave the API running: this process stops everything itself.
process.removeAllListeners('SIGTERM');
process.stdin.removeAllListeners('end');

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  log('dev', 'stopping');
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
