import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../scripts/build.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createServer } from '../../src/server.ts';
import { PASSWORD, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { DIALECT, startTestApp, tempDir, type TestApp } from '../support/test-app.ts';

// `pnpm ops backup` and `pnpm ops restore` as operators run them (the bundle's ops.js, separate
// processes) against a server that keeps writing; the restore is started as a server.
const outdir = path.resolve(
  import.meta.dirname,
  `../../node_modules/.cache/backup-test-${randomBytes(4).toString('hex')}`,
);
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const restoreDatabase = `restore_${randomBytes(4).toString('hex')}`;
let t: TestApp;

beforeAll(async () => {
  await buildServer(outdir);
  t = await startTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(outdir, { recursive: true, force: true });
  if (DIALECT === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${restoreDatabase}`);
    await admin.end();
  }
});

function ops(env: Record<string, string>, ...argv: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(outdir, 'ops.js'), ...argv], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The environment of the test's server (its data folder, its database). */
const sourceEnv = () => ({
  DATA_DIR: t.config.dataDir,
  ...(t.config.databaseUrl
    ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema ?? '' }
    : {}),
});

describe('ops backup and restore', () => {
  test('a backup under write load restores every row committed before it, and the restore serves', async () => {
    // The writer: registrations one after another, each acknowledged after its commit.
    const committed: { userId: number; username: string }[] = [];
    let writing = true;
    const writer = (async () => {
      const client = new Client(t.app);
      while (writing) {
        const { userId, username } = await registerWithUsername(client);
        committed.push({ userId: Number(userId), username });
      }
    })();
    while (committed.length < 5) await new Promise((r) => setTimeout(r, 20));

    const to = path.join(tempDir(), 'backup');
    const beforeBackup = committed.length;
    const backup = await ops(sourceEnv(), 'backup', `--to=${to}`);
    const afterBackup = committed.length;
    writing = false;
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^backup of the ${DIALECT} database made in ${to}`));
    // The writer kept committing while the backup ran.
    expect(afterBackup).toBeGreaterThan(beforeBackup);
    expect(statSync(to).mode & 0o777).toBe(0o700);
    expect(readFileSync(path.join(to, 'server-secret'))).toEqual(
      readFileSync(path.join(t.config.dataDir, 'server-secret')),
    );
    // ops check in production no longer warns that there is no recent backup.
    const check = await ops(
      { ...sourceEnv(), NODE_ENV: 'production', PUBLIC_URL: 'https://vpn.example.com' },
      'check',
      '--json',
    );
    expect(check.code).toBe(0);
    expect((JSON.parse(check.stdout) as { warnings: string[] }).warnings.join('\n')).not.toMatch(
      /no backup/,
    );

    // Into an empty data folder (and, on PostgreSQL, a new database).
    const dataDir = path.join(tempDir(), 'restored');
    let targetEnv: Record<string, string> = { DATA_DIR: dataDir };
    if (DIALECT === 'postgres') {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`create database ${restoreDatabase}`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${restoreDatabase}`;
      targetEnv = {
        ...targetEnv,
        DATABASE_URL: url.toString(),
        DATABASE_SCHEMA: t.config.databaseSchema ?? '',
      };
    }
    const restored = await ops(targetEnv, 'restore', `--from=${to}`);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    // A second restore over it is refused, and changes nothing.
    const again = await ops(targetEnv, 'restore', `--from=${to}`);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^DATA_DIR is not empty \(.*\): restore into an empty data folder/,
    );

    const server = await createServer(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...targetEnv }),
      { pruneIntervalMs: 0, jobIntervalMs: 0 },
    );
    try {
      const ids = (
        await server.services.db.selectFrom('users').select('id').orderBy('id').execute()
      ).map((r) => Number(r.id));
      const written = committed.map((c) => c.userId);
      // A consistent snapshot: every row committed before the backup began, then a prefix of
      // the rows committed while it ran, never a gap.
      const kept = written.filter((id) => ids.includes(id));
      expect(kept).toEqual(written.slice(0, kept.length));
      expect(kept.length).toBeGreaterThanOrEqual(beforeBackup);
      expect(kept.length).toBeLessThanOrEqual(afterBackup);
      // The restored server answers, with the same keys: a member signs in.
      const last = committed[beforeBackup - 1];
      const login = await new Client(server).call('userLogin', {
        channel: 'username',
        account: last?.username ?? '',
        password: PASSWORD,
        agreeTerms: true,
      });
      expect(login.body).toMatchObject({ code: 200, data: { userId: String(last?.userId) } });
    } finally {
      await server.close();
    }
  });

  test('a restore needs a backup folder, and a backup a new folder', async () => {
    const notBackup = await ops(sourceEnv(), 'restore', `--from=${tempDir()}`);
    expect(notBackup).toMatchObject({ code: 1 });
    expect(notBackup.stderr).toMatch(/is not a backup \(no manifest\.json\)/);
    const full = await ops(sourceEnv(), 'backup', `--to=${t.config.dataDir}`);
    expect(full).toMatchObject({ code: 1 });
    expect(full.stderr).toMatch(/is not empty: back up into a new folder/);
    expect((await ops(sourceEnv(), 'backup')).code).toBe(2);
  });
});
