import './http-agent.ts';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { kitEnv } from './env.ts';

/** The repository root (this file is tooling/e2e/src/server.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/main.js');
export const OPS_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/ops.js');

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  /**
   * Runs the ops CLI (`node apps/api/dist/ops.js <args>`) on this server's data; returns its JSON
   * output. With `laterMinutes` it runs as it would that many minutes from now (Debian's
   * faketime shifts the process's clock): scheduled jobs then find what is due by then.
   */
  ops: (args: string[], options?: { laterMinutes?: number }) => unknown;
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment (payments, crypto networks, site config) for this suite. */
  env?: Record<string, string>;
  /** Milliseconds to wait for the server to answer; default 30 s. */
  timeoutMs?: number;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/v4/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the BUILT server (`node apps/api/dist/main.js`, what `pnpm start` runs after building)
 * on a free port of 127.0.0.1 with a fresh temporary DATA_DIR (its own SQLite database and keys),
 * in development mode so `GET /dev/outbox` lists the codes. `stop()` ends it and removes the data.
 */
export async function startServer({
  env = {},
  timeoutMs = 30_000,
}: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error(
      `${SERVER_ENTRY} is missing: build first (pnpm build, or turbo's e2e task does it).`,
    );
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const childEnv: NodeJS.ProcessEnv = {
    ...kitEnv.processEnv,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    // The kit's API calls name their client address (X-Forwarded-For), as a proxy would.
    TRUST_PROXY: '1',
    ...env,
  };
  // SQLite in the temp folder unless the suite asks for PostgreSQL.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, timeoutMs, output);
  } catch (error) {
    await stop();
    throw error;
  }
  const ops = (args: string[], options: { laterMinutes?: number } = {}): unknown => {
    const command: [string, string[]] =
      options.laterMinutes === undefined
        ? [process.execPath, [OPS_ENTRY, ...args]]
        : ['faketime', ['-f', `+${options.laterMinutes}m`, process.execPath, OPS_ENTRY, ...args]];
    const out = execFileSync(command[0], command[1], {
      cwd: REPO_ROOT,
      env: childEnv,
      encoding: 'utf8',
    });
    try {
      return JSON.parse(out) as unknown;
    } catch {
      return out;
    }
  };
  return { url, port, dataDir, output, ops, stop };
}
