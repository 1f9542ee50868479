import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { loadPlatformKeys, type PlatformKeys } from '../../src/keys/platform-keys.ts';
import { loadServerSecret } from '../../src/keys/server-secret.ts';
import type { Limits } from '../../src/security/limits.ts';

export const DIALECT: 'sqlite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const tempDirs: string[] = [];
export function tempDir(prefix = 'nimbus-api-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

// One PostgreSQL schema per test file, dropped when the file is done.
const schema = `test_${randomBytes(6).toString('hex')}`;
let schemaUsed = false;

afterAll(async () => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  if (schemaUsed) {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

/** The test configuration: silent logs, a temp data folder, the dialect of this project. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = tempDir();
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(DIALECT === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
}

export function testDatabase(config: Config): DatabaseHandle {
  if (DIALECT === 'postgres') schemaUsed = true;
  return openDatabase({ ...config, poolSize: 4 });
}

let keys: Promise<PlatformKeys> | undefined;
/** RSA keys are slow to make: one set per test file. */
export function testKeys(): Promise<PlatformKeys> {
  keys ??= loadPlatformKeys(tempDir(), {});
  return keys;
}

/**
 * A second server process on the same database, data folder and keys (as two API nodes behind
 * one load balancer), for checks that must hold across processes.
 */
export async function secondProcess(first: TestApp): Promise<TestApp> {
  const database = testDatabase(first.config);
  const app = await buildApp({
    pruneIntervalMs: 0,
    limits: RELAXED_IP_LIMITS,
    now: () => first.clock.now,
    config: first.config,
    database,
    keys: await testKeys(),
    secret: await loadServerSecret(first.config.dataDir, undefined),
  });
  await app.ready();
  return { app, config: first.config, clock: first.clock, database, close: () => app.close() };
}

const RELAXED = { max: 100_000, windowMs: 3_600_000 };
const RELAXED_IP_LIMITS: Partial<Limits> = {
  registrationsPerIp: RELAXED,
  codesPerIp: RELAXED,
  trialAccountsPerIp: RELAXED,
  loginFailuresPerIp: RELAXED,
};

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: { now: number; advance(ms: number): void };
  /** The app's database handle (its query listeners: test/architecture/purchase-trail.test.ts). */
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A server on a fresh database (SQLite: a new file; PostgreSQL: this file's schema). */
export async function startTestApp(
  options: Partial<Omit<AppOptions, 'config' | 'database' | 'keys' | 'secret'>> & {
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = testDatabase(config);
  await database.migrate();
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const app = await buildApp({
    pruneIntervalMs: 0,
    ...options,
    // Tests come from one IP and share a PostgreSQL schema per file: per-IP limits are lifted
    // unless a test sets them (the limit tests use their own IPs).
    limits: { ...RELAXED_IP_LIMITS, ...options.limits },
    now: options.now ?? (() => clock.now),
    config,
    database,
    keys: await testKeys(),
    secret: await loadServerSecret(config.dataDir, undefined),
  });
  await app.ready();
  return { app, config, clock, database, close: () => app.close() };
}
