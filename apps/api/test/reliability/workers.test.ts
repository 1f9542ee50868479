import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  startServer,
  stop,
  withBundleAndStore,
  type Bundle,
  type ServerProcess,
  type Store,
} from './harness.ts';

// The start command with WORKERS=2: a primary and two worker processes sharing one port, as
// production runs on a two-core machine.

let bundle: Bundle;
let store: Store;
let server: ServerProcess;
withBundleAndStore((b, s) => {
  [bundle, store] = [b, s];
});
beforeAll(async () => {
  server = await startServer(bundle.dir, store, { WORKERS: '2', LOG_LEVEL: 'info' });
  // The first worker answers the health check; wait for the second to listen too.
  await waitFor(
    () => server.logs.join('').split('Server listening').length - 1 === 2,
    'both workers listening',
  );
}, 120_000);
afterAll(async () => {
  if (server.child.exitCode === null) await stop(server);
});

/** The worker processes of the primary, by pid. */
const workerPids = (): number[] => {
  const pid = server.child.pid ?? 0;
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
};

/** A GET on a connection of its own: the primary hands each new connection to the next worker. */
const getFresh = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(`${server.base}${path}`, { agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('timeout', () => reject(new Error(`no answer to ${path} within 10 s`)))
      .on('error', reject);
  });

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('WORKERS=2', () => {
  test('two worker processes serve, and every one of them lists every code sent', async () => {
    expect(workerPids()).toHaveLength(2);
    const targets = Array.from({ length: 6 }, (_, i) => `worker${i}@example.com`);
    for (const target of targets) {
      const sent = await call(server.base, 'userSendCode', undefined, {
        channel: 'email',
        target,
        purpose: 'register',
      });
      expect(sent.envelope.status).toBe('OK');
    }
    // Connections alternate between the workers, so consecutive lists come from both; a code
    // reaches the other worker through the primary a moment after the answer.
    const listsAll = async () => {
      const outbox = await getFresh('/dev/outbox');
      const listed = (JSON.parse(outbox.body) as { to: string }[]).map((e) => e.to);
      return outbox.status === 200 && targets.every((t) => listed.includes(t));
    };
    await waitFor(async () => (await listsAll()) && (await listsAll()), 'both workers listing');
    for (let i = 0; i < 6; i++) expect(await listsAll()).toBe(true);
  });

  test('GET /metrics counts the requests of every worker, whichever one answers it', async () => {
    const healthCount = (text: string) =>
      Number(
        /^http_requests_total\{method="GET",route="\/v4\/health",status="200"\} (\d+)$/m.exec(
          text,
        )?.[1] ?? 0,
      );
    const before = healthCount((await getFresh('/metrics')).body);
    // New connections go to the workers in turn: both answer some of them.
    for (let i = 0; i < 6; i++) expect((await getFresh('/v4/health')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const scrape = await getFresh('/metrics');
      expect(scrape.status).toBe(200);
      expect(healthCount(scrape.body) - before).toBe(6);
    }
  });

  test('a worker that dies is replaced, and the other keeps serving', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim ?? 0, 'SIGKILL');
    // Connections right away: one handed to the worker as it died is lost (clients retry), the
    // server itself stays up and answers.
    await waitFor(
      async () => (await getFresh('/v4/health').catch(() => undefined))?.status === 200,
      'an answer',
    );
    await waitFor(() => {
      const now = workerPids();
      return now.length === 2 && !now.includes(victim ?? 0);
    }, 'a replacement worker');
    expect(workerPids()).toContain(survivor);
    for (let i = 0; i < 4; i++) expect((await getFresh('/v4/health')).status).toBe(200);
  });

  test('SIGTERM shuts every worker down gracefully and the primary exits 0', async () => {
    // Even a worker still starting (the replacement above may be) ends cleanly.
    const pids = workerPids();
    expect(await stop(server)).toEqual({ code: 0, signal: null });
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('a worker that cannot start', () => {
  test('stops the whole server with exit code 1 instead of restarting forever', async () => {
    // Another server already holds the port: the workers fail to listen.
    const holder = await startServer(bundle.dir, store);
    try {
      const child = spawn(process.execPath, [path.join(bundle.dir, 'main.js')], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(holder.port),
          LOG_LEVEL: 'warn',
          WORKERS: '2',
          ...store.env,
        },
        stdio: 'ignore',
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
    } finally {
      await stop(holder);
    }
  });
});
