import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../scripts/build.ts';
import { DIALECT, tempDir } from '../support/test-app.ts';

// The real start command: the bundle scripts/build.ts makes, run by node as `pnpm start` does.
// It is built inside this package so that its npm imports resolve from node_modules as in dist/.
const outdir = path.resolve(
  import.meta.dirname,
  `../../node_modules/.cache/start-test-${randomBytes(4).toString('hex')}`,
);

beforeAll(async () => {
  await buildServer(outdir);
}, 120_000);
const schemas: string[] = [];
afterAll(async () => {
  rmSync(outdir, { recursive: true, force: true });
  if (schemas.length > 0) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

interface Running {
  child: ChildProcess;
  base: string;
  port: number;
  logs: string[];
  exited: Promise<number | null>;
}

async function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${logs.join('')}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      logs.push(chunk.toString());
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(logs.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => logs.push(c.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${logs.join('')}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, port, logs, exited };
}

/** Resolves once the server has logged a line matching `pattern` (the test's timeout bounds it). */
async function untilLogged(running: Running, pattern: RegExp): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!pattern.test(running.logs.join(''))) return;
      running.child.stdout?.off('data', check);
      resolve();
    };
    running.child.stdout?.on('data', check);
    void running.exited.then((code) =>
      reject(
        new Error(
          `server exited with ${code} before logging ${pattern}:\n${running.logs.join('')}`,
        ),
      ),
    );
    check();
  });
}

/**
 * A new connection's fate: 'not served' when the port refuses it (or resets it, as the kernel
 * does with one still queued when the listener closes), else the status line of the answer to a
 * health check on it (its own connection, never a kept-alive one).
 */
async function newConnection(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') resolve('not served');
      else reject(error);
    });
    socket.on('connect', () =>
      socket.write('GET /v4/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
    );
    socket.on('close', () =>
      resolve(answer === '' ? 'not served' : (answer.split('\r\n')[0] ?? '')),
    );
  });
}

function dbEnv(dataDir: string): Record<string, string> {
  if (DIALECT === 'sqlite') return { DATA_DIR: dataDir };
  const schema = `start_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    DATABASE_SCHEMA: schema,
  };
}

describe('the start command', () => {
  test('creates the data folder, keys and secret on first start and reuses them after', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const env = dbEnv(dataDir);
    const first = await start(env);
    const keys = async (base: string) => {
      const res = await fetch(`${base}/v4/api/system/system_public_keys`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      return ((await res.json()) as { data: { keys: Record<string, string> } }).data.keys;
    };
    const before = await keys(first.base);
    for (const platform of ['ios', 'android', 'mac', 'windows']) {
      expect(existsSync(path.join(dataDir, 'keys', `${platform}.pem`))).toBe(true);
      expect(before[platform]).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    }
    expect(readFileSync(path.join(dataDir, 'server-secret'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    if (DIALECT === 'sqlite') expect(existsSync(path.join(dataDir, 'nimbus.sqlite'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(env);
    expect(await keys(second.base)).toEqual(before);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  test('keys given by environment are used instead of files', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const dataDir = tempDir();
    const running = await start({
      ...dbEnv(dataDir),
      SIGNING_KEY_IOS: pair.privateKey.replaceAll('\n', '\\n'),
    });
    const res = await fetch(`${running.base}/v4/api/system/system_public_keys`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(((await res.json()) as { data: { keys: { ios: string } } }).data.keys.ios).toBe(
      pair.publicKey,
    );
    expect(existsSync(path.join(dataDir, 'keys', 'ios.pem'))).toBe(false);
    running.child.kill('SIGTERM');
    await running.exited;
  });

  test('refuses to start with a clear message when the configuration is invalid', async () => {
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://x' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be an integer');
    expect(stderr).toContain('DATABASE_URL must use postgres:');
  });

  /** Runs the start command until it exits by itself; its exit code and output. */
  async function startUntilExit(env: Record<string, string>) {
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, lines: output.trim().split('\n') };
  }

  test('in production a missing or unsafe setting stops the start with one line naming it', async () => {
    const production = { NODE_ENV: 'production', DATA_DIR: tempDir(), WORKERS: '1' };
    const noUrl = await startUntilExit(production);
    expect(noUrl.code).toBe(1);
    expect(noUrl.lines).toEqual([
      'PUBLIC_URL is not set: links in e-mails and payment returns would point at http://localhost:0; set PUBLIC_URL=https://<your domain>',
    ]);
    const weak = await startUntilExit({
      ...production,
      PUBLIC_URL: 'https://vpn.example.com',
      SERVER_SECRET: 'ab'.repeat(32),
    });
    expect(weak.code).toBe(1);
    expect(weak.lines).toHaveLength(1);
    expect(weak.lines[0]).toMatch(/^SERVER_SECRET is not random .*openssl rand -hex 32$/);
    const malformed = await startUntilExit({ ...production, METRICS_TOKEN: 'short' });
    expect(malformed.code).toBe(1);
    expect(malformed.lines).toEqual([
      'Invalid setting: METRICS_TOKEN must be at least 16 printable characters without spaces: make one with openssl rand -hex 32',
    ]);
  });

  test('in production what makes the service wrong for members is logged at start', async () => {
    const running = await start({
      ...dbEnv(tempDir()),
      NODE_ENV: 'production',
      WORKERS: '1',
      PUBLIC_URL: 'http://vpn.example.com',
    });
    try {
      await untilLogged(running, /listening at/);
      const warnings = running.logs
        .join('')
        .split('\n')
        .filter((line) => line.includes('"level":40'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg.split(':')[0]);
      expect(warnings).toEqual(
        expect.arrayContaining([
          'PUBLIC_URL is http',
          'SMTP_URL is not set',
          'METRICS_TOKEN is not set',
        ]),
      );
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
    }
  });

  test('says in one line what to do when PostgreSQL cannot be reached, without a stack', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const { code, lines } = await startUntilExit({
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://nimbus:secret@127.0.0.1:${port}/nimbus`,
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Cannot reach PostgreSQL at postgres://nimbus:***@127.0.0.1:${port}/nimbus (ECONNREFUSED): start it there, or point DATABASE_URL at a running server (unset DATABASE_URL to use SQLite in DATA_DIR).`,
    ]);
  });

  test('says in one line which port is taken and how to choose another, without a stack', async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, '127.0.0.1', () => resolve((holder.address() as AddressInfo).port)),
    );
    try {
      const { code, lines } = await startUntilExit({ DATA_DIR: tempDir(), PORT: String(port) });
      expect(code).toBe(1);
      expect(lines).toEqual([
        `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or start on another port (PORT=${port + 1}).`,
      ]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  test.runIf(DIALECT === 'postgres')(
    'says in one line that the database PostgreSQL was asked for does not exist',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/missing_${randomBytes(4).toString('hex')}`;
      const { code, lines } = await startUntilExit({
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
      });
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^PostgreSQL at .* refused the connection \(the database does not exist\): fix DATABASE_URL/,
      );
    },
  );

  test('SIGTERM lets a request in flight finish, refuses new connections, closes the database and exits 0', async () => {
    const dataDir = tempDir();
    const running = await start(dbEnv(dataDir));
    const body = JSON.stringify({});
    expect(await newConnection(running.port)).toBe('HTTP/1.1 200 OK');
    const socket = connect(running.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (c: Buffer) => (response += c.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // Headers and half the body: the request is in flight when the signal arrives.
    socket.write(
      `POST /v4/api/system/system_public_keys HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 1)}`,
    );
    // The server has the request (its headers) before the signal is sent, whatever the load.
    await untilLogged(running, /system_public_keys[^\n]*"msg":"incoming request"/);
    running.child.kill('SIGTERM');
    await untilLogged(running, /"msg":"shutting down"/);
    // From the signal on, no new connection is served: until the listener is closed (a few ticks
    // after the log line) the answer is 503, then the port refuses, all while the request above
    // is still unfinished.
    for (;;) {
      const fate = await newConnection(running.port);
      if (fate === 'not served') break;
      expect(fate).toBe('HTTP/1.1 503 Service Unavailable');
    }
    socket.write(body.slice(1));
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('BEGIN PUBLIC KEY');
    expect(await running.exited).toBe(0);
    expect(running.logs.join('')).toContain('"msg":"closed"');
    // SQLite checkpointed and closed its write-ahead log on a clean close.
    if (DIALECT === 'sqlite')
      expect(existsSync(path.join(dataDir, 'nimbus.sqlite-wal'))).toBe(false);
  });
});
