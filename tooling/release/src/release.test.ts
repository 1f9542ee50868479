import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiCall, registerUser } from '@nimbus/e2e-kit/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseTarball } from './build-release.ts';

/**
 * The release as an operator gets it: release/nimbus.tar.gz (built once per run by the turbo
 * task `release`, which this test depends on) unpacked into an empty folder outside the
 * repository, with no node_modules above it, started with this Node 24 and nothing else on its
 * PATH, on SQLite and on PostgreSQL (a fresh schema). Over HTTP: it migrates and says it is
 * ready, a member registers (code from the dev outbox) and buys in the sandbox (the checkout
 * page's Pay form), and the node feed of a node added with the release's own bin/nimbus-ops
 * lists that member. It stands for the container image in CI (docs/production.md).
 */
const run = promisify(execFile);
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let root: string;
let release: string;

beforeAll(async () => {
  expect(process.version, 'the release is proved on Node 24').toMatch(/^v24\./);
  if (!existsSync(releaseTarball))
    throw new Error(`${releaseTarball} is missing: run pnpm release (turbo runs it first)`);
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-release-'));
  await run('tar', ['-xzf', releaseTarball, '-C', root]);
  release = path.join(root, 'nimbus');
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of the release: only Node 24 on the PATH, no NODE_PATH, a data folder. */
function releaseEnv(port: number, dataDir: string, extra: Record<string, string>) {
  return {
    PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: root,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Development keeps the dev outbox and the sandbox checkout, which this test pays through.
    NODE_ENV: 'development',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    // The kit's registrations say which client they come from (X-Forwarded-For).
    TRUST_PROXY: '1',
    ...extra,
  };
}

interface Started {
  base: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  output: () => string;
}

async function start(dialect: 'sqlite' | 'postgres', extra: Record<string, string>) {
  const port = await freePort();
  const dataDir = path.join(root, `data-${dialect}`);
  mkdirSync(dataDir);
  const env = releaseEnv(port, dataDir, extra);
  const child = spawn('/bin/sh', [path.join(release, 'bin/nimbus')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the release exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${base}/v4/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the release was not ready in 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, env, child, output: () => output } satisfies Started;
}

async function stop(server: Started): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  return exited;
}

/** A member registers, buys Standard 12 months in the sandbox and switches on the node link. */
async function memberBuys(base: string): Promise<string> {
  const member = await registerUser(base);
  const { envelope } = await apiCall<{ orderId: string; checkoutUrl: string | null }>(
    base,
    '/api/payment/payment_purchase',
    { productId: '3', paymentMethod: 'card', idempotencyKey: randomBytes(12).toString('hex') },
    { token: member.token },
  );
  const { orderId, checkoutUrl } = envelope.data;
  expect(checkoutUrl).toMatch(/\/pay\/sandbox\//);
  // The sandbox's hosted checkout page, as a buyer's browser gets it; its Pay form posts back.
  const page = await fetch(new URL(checkoutUrl as string, base));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form =
    /<form method="post" action="([^"]+)"><input type="hidden" name="outcome" value="pay">/.exec(
      html,
    );
  expect(form, 'the checkout page has a Pay form').not.toBeNull();
  const action = new URL((form?.[1] ?? '').replaceAll('&amp;', '&'), page.url);
  const paid = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=pay',
    redirect: 'manual',
  });
  expect([302, 303]).toContain(paid.status);
  const status = await apiCall<{ status: string }>(
    base,
    '/api/payment/payment_order_status',
    { orderId },
    { token: member.token },
  );
  expect(status.envelope.data.status).toBe('paid');
  await apiCall(base, '/api/system/system_third_party_enable', {}, { token: member.token });
  return member.email;
}

/** Adds a VLESS node with the release's own operator CLI; its id and feed token. */
async function addNode(server: Started): Promise<{ id: number; token: string }> {
  const { stdout } = await run(
    '/bin/sh',
    [
      path.join(release, 'bin/nimbus-ops'),
      'nodes',
      'add',
      '--key=release-1',
      '--name=Release 1',
      '--region=JP',
      '--protocol=vless',
      '--host=jp1.example.com',
      '--port=443',
      '--access=standard',
      '--params={"security":"tls","sni":"jp1.example.com"}',
      '--json',
    ],
    { cwd: root, env: server.env },
  );
  const added = JSON.parse(stdout) as { id: number; token: string };
  expect(added.token).toBeTruthy();
  return added;
}

async function pullsTheMember(server: Started): Promise<void> {
  await memberBuys(server.base);
  const node = await addNode(server);
  const query = `node_id=${node.id}&node_type=vless&token=${encodeURIComponent(node.token)}`;
  const config = await fetch(`${server.base}/api/v1/server/UniProxy/config?${query}`);
  expect(config.status).toBe(200);
  const feed = await fetch(`${server.base}/api/v1/server/UniProxy/user?${query}`);
  expect(feed.status).toBe(200);
  const { users } = (await feed.json()) as { users: { id: number; uuid: string }[] };
  expect(users).toHaveLength(1);
  expect(users[0]?.uuid).toMatch(/^[0-9a-f-]{36}$/);
}

describe('the release, unpacked alone', () => {
  it('has no repository or node_modules around it', () => {
    for (let dir = root; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
      expect(existsSync(path.join(dir, 'pnpm-workspace.yaml'))).toBe(false);
    }
    for (const file of ['bin/nimbus', 'bin/nimbus-ops', 'server/main.js', '.env.example'])
      expect(existsSync(path.join(release, file)), file).toBe(true);
    // Code that finds a file by its own URL finds it: the RSA worker of signed calls (its
    // chunk once sat in server/chunks/, where no worker was).
    const server = path.join(release, 'server');
    const users = readdirSync(server, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        readFileSync(path.join(server, file), 'utf8').includes('"./rsa-decrypt-worker.js"'),
      );
    expect(users.length).toBeGreaterThan(0);
    for (const file of users)
      expect(existsSync(path.join(server, path.dirname(file), 'rsa-decrypt-worker.js')), file).toBe(
        true,
      );
    // No dev tools: only what the server loads by path at run time.
    for (const tool of ['esbuild', 'typescript', 'vitest', 'vite', 'turbo', 'eslint', 'viem'])
      expect(existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);
  });

  it('runs on SQLite: migrates, registers, buys in the sandbox, feeds a node', async () => {
    const server = await start('sqlite', {});
    try {
      await pullsTheMember(server);
    } finally {
      expect(await stop(server), server.output()).toBe(0);
    }
    expect(existsSync(path.join(root, 'data-sqlite/nimbus.sqlite'))).toBe(true);
  });

  it('runs on PostgreSQL (a fresh schema): the same', async () => {
    const schema = `release_${randomBytes(6).toString('hex')}`;
    const server = await start('postgres', { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema });
    try {
      await pullsTheMember(server);
    } finally {
      expect(await stop(server), server.output()).toBe(0);
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });
});
