import { spawn, type ChildProcess } from 'node:child_process';
import {
  createServer as createHttpServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { createServer as createViteServer, type Logger, type ViteDevServer } from 'vite';
import { lineWriter, log, prefix } from './log.ts';

/** The apps, by the path they own on the one origin (architecture section 3). */
export const APPS = [
  { name: 'admin', dir: 'apps/admin', mount: '/admin' },
  { name: 'affiliate', dir: 'apps/affiliate', mount: '/user/kol' },
  { name: 'account', dir: 'apps/account', mount: '/user' },
  { name: 'marketing', dir: 'apps/marketing', mount: '' },
] as const;
type AppName = (typeof APPS)[number]['name'];

/** What the API answers on the one origin: the API itself, the dev outbox, sandbox checkout. */
const API_PREFIXES = ['/v4', '/dev', '/pay'];

const under = (pathname: string, prefix: string) =>
  prefix === '' || pathname === prefix || pathname.startsWith(`${prefix}/`);

export function ownerOf(pathname: string): 'api' | AppName {
  if (API_PREFIXES.some((p) => under(pathname, p))) return 'api';
  return (APPS.find((app) => under(pathname, app.mount)) ?? APPS[3]).name;
}

export interface DevServerOptions {
  /** The repository root. */
  root: string;
  port: number;
  host: string;
  /** Where the API keeps its data (default <root>/data/dev). */
  dataDir?: string;
}

/** Another process holds the port `pnpm dev` was asked for. */
export class PortInUseError extends Error {
  constructor(port: number, host: string) {
    super(
      `Port ${port} on ${host} is already in use: stop what listens there, or start on another port (PORT=${port + 1} pnpm dev).`,
    );
    this.name = 'PortInUseError';
  }
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A Vite logger whose lines carry the app's tag (and no timestamp: the API lines have one). */
function appLogger(name: string): Logger {
  const warned = new Set<string>();
  const errors = new WeakSet<object>();
  const logger: Logger = {
    hasWarned: false,
    info: (msg) => writeTagged(process.stdout, name, msg),
    warn: (msg) => {
      logger.hasWarned = true;
      writeTagged(process.stderr, name, msg);
    },
    warnOnce: (msg) => {
      if (warned.has(msg)) return;
      warned.add(msg);
      logger.warn(msg);
    },
    error: (msg, options) => {
      if (options?.error) errors.add(options.error);
      writeTagged(process.stderr, name, msg);
    },
    clearScreen: () => undefined,
    hasErrorLogged: (error) => errors.has(error),
  };
  return logger;
}

function writeTagged(out: NodeJS.WritableStream, tag: string, msg: string): void {
  for (const line of msg.split('\n')) out.write(`${prefix(tag)}${line}\n`);
}

/**
 * Passes a request to the API. While the API restarts (a change in watch mode) nothing listens
 * for a moment: the request waits for it (its body is kept) instead of failing in the browser.
 */
function proxyToApi(apiPort: number, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const deadline = Date.now() + 15_000;
    const attempt = () => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: apiPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-host': req.headers.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (
          (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') &&
          Date.now() < deadline
        ) {
          setTimeout(attempt, 100);
          return;
        }
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`The API is not answering (${error.code ?? error.message}): see the api lines.`);
      });
      upstream.end(body);
    };
    attempt();
  });
}

/**
 * `pnpm dev`: the API in watch mode (apps/api/scripts/dev.ts: rebuilt and restarted on change,
 * with source maps) behind one HTTP server that also hosts the apps' Vite dev servers (Fast
 * Refresh, their HMR websockets on the same port), so the browser sees one origin as in
 * production: /v4, /dev and /pay go to the API, /admin* to the operator console, /user/kol* to
 * the affiliate dashboard, /user* to the account centre, everything else to the marketing site.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { root, port, host } = options;
  const apiPort = await freePort();
  const http: Server = createHttpServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, host) : error),
    );
    http.listen(port, host, () => resolve());
  });
  const { port: listening } = http.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${listening}`;

  const apiOut = lineWriter('api');
  const apiErr = lineWriter('api', process.stderr);
  const api: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/scripts/dev.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: options.dataDir ?? process.env.DATA_DIR ?? path.join(root, 'data/dev'),
      PUBLIC_URL: process.env.PUBLIC_URL ?? url,
      NODE_ENV: 'development',
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
      ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (chunk: Buffer) => apiOut.write(chunk));
  api.stderr?.on('data', (chunk: Buffer) => apiErr.write(chunk));

  const vites = new Map<AppName, ViteDevServer>();
  for (const app of APPS) {
    const appRoot = path.join(root, app.dir);
    vites.set(
      app.name,
      await createViteServer({
        root: appRoot,
        configFile: path.join(appRoot, 'vite.config.ts'),
        appType: 'spa',
        clearScreen: false,
        customLogger: appLogger(app.name),
        // Requests come through the one-origin server below; so do the HMR websockets, each
        // app's on its own base path.
        server: {
          middlewareMode: true,
          ws: { server: http },
          // The workspace and pnpm's store (which a scratch copy links to from elsewhere).
          fs: { allow: [root, realpathSync(path.join(root, 'node_modules/.pnpm'))] },
        },
      }),
    );
  }

  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const owner = ownerOf(pathname);
    if (owner === 'api') {
      proxyToApi(apiPort, req, res);
      return;
    }
    const vite = vites.get(owner);
    vite?.middlewares(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  });

  log(
    'dev',
    `Nimbus on ${url} (API /v4, marketing /, account /user/, affiliate /user/kol/, console /admin/)`,
  );

  return {
    url,
    async close() {
      await Promise.all([...vites.values()].map((vite) => vite.close()));
      await new Promise<void>((resolve) => {
        if (api.exitCode !== null || api.signalCode !== null) resolve();
        else {
          api.once('exit', () => resolve());
          api.kill('SIGTERM');
        }
      });
      apiOut.flush();
      apiErr.flush();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
