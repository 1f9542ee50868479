import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, type EndpointName, type Envelope } from '@nimbus/api-sdk/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildServer } from '../../scripts/build.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/db/database.ts';
import { loadServerSecret } from '../../src/keys/server-secret.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxProvider,
} from '../../src/orders/providers/sandbox/sandbox-provider.ts';
import { Sessions } from '../../src/security/sessions.ts';
import { addToKolTotals } from '../../src/inviters/kol-totals-store.ts';

// The reliability suite runs the real start command (scripts/build.ts's bundle, `node main.js`,
// as `pnpm start` does: src/main.ts does not load under Node's type stripping) as child
// processes, kills and restarts them, and reads the database they leave behind.

export const DIALECT: 'sqlite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Builds dist/main.js and dist/ops.js into a folder of this package (npm imports resolve as in
 * dist/).
 */
export async function buildBundle(): Promise<{ dir: string; remove(): void }> {
  const dir = path.resolve(
    import.meta.dirname,
    `../../node_modules/.cache/reliability-${randomBytes(4).toString('hex')}`,
  );
  await buildServer(dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Bundle = Awaited<ReturnType<typeof buildBundle>>;

/**
 * The bundle and a fresh store for one test file: built before its tests (hooks the file adds
 * after this call run after it, so servers can start on them) and removed after them.
 */
export function withBundleAndStore(ready: (bundle: Bundle, store: Store) => void): void {
  let opened: [Bundle, Store] | undefined;
  beforeAll(async () => {
    opened = await Promise.all([buildBundle(), openStore()]);
    ready(...opened);
  }, 120_000);
  afterAll(async () => {
    if (!opened) return;
    await opened[1].close();
    opened[0].remove();
  });
}

/**
 * One installation's data: a data folder with a fixed server secret, and the database (a SQLite
 * file in the folder, or a fresh PostgreSQL schema), migrated, with a handle for the test to set
 * up fixtures and check what the servers left.
 */
export interface Store {
  dataDir: string;
  /** The environment a server process of this installation gets. */
  env: Record<string, string>;
  handle: DatabaseHandle;
  db: Db;
  /** Signs webhooks exactly as the sandbox provider of these servers does (same derived key). */
  webhooks: SandboxProvider;
  /** Server processes started on this store that have not exited (close() kills them). */
  live: Set<ChildProcess>;
  close(): Promise<void>;
}

export async function openStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-reliability-'));
  const secretHex = randomBytes(32).toString('hex');
  const schema = `reliability_${randomBytes(5).toString('hex')}`;
  const dbEnv: Record<string, string> =
    DIALECT === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {};
  const handle = openDatabase({
    databaseUrl: dbEnv.DATABASE_URL,
    databaseSchema: dbEnv.DATABASE_SCHEMA,
    sqlitePath: path.join(dataDir, 'nimbus.sqlite'),
    poolSize: 4,
  });
  await handle.migrate();
  const secret = await loadServerSecret(dataDir, Buffer.from(secretHex, 'hex'));
  const live = new Set<ChildProcess>();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, SERVER_SECRET: secretHex, ...dbEnv },
    handle,
    db: handle.db,
    webhooks: new SandboxProvider(
      secret.derive('webhook:sandbox'),
      'http://127.0.0.1',
      secret.derive('sandbox-checkout'),
    ),
    live,
    async close() {
      // A test that failed half-way may leave a server running.
      await Promise.all(
        [...live].map(
          (child) =>
            new Promise((resolve) => {
              child.once('close', resolve);
              child.kill('SIGKILL');
            }),
        ),
      );
      await handle.close();
      if (DIALECT === 'postgres') {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** stdout and stderr as they came. */
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node main.js` on the store's data and resolves once it answers its health check. */
export async function startServer(
  bundle: string,
  store: Store,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(bundle, 'main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...store.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout?.on('data', (c: Buffer) => logs.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => logs.push(c.toString()));
  store.live.add(child);
  // 'close', not 'exit': the process is gone and its output has been read to the end.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      store.live.delete(child);
      resolve({ code, signal });
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone) throw new Error(`server exited before answering:\n${logs.join('')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 30 s:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${base}/v4/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, base, port, logs, exited };
}

/** SIGKILL, and wait until the process is gone. */
export async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, and the exit. */
export async function stop(
  server: ServerProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** An answer read completely: the HTTP status and the parsed envelope. */
export interface Answer<T = unknown> {
  status: number;
  envelope: Envelope<T>;
}

/** True when the server acknowledged: 2xx and the success envelope. */
export const acknowledged = <T>(a: Answer<T> | undefined): a is Answer<T> =>
  a !== undefined &&
  a.status >= 200 &&
  a.status < 300 &&
  a.envelope.code === 200 &&
  a.envelope.status === 'OK';

/**
 * POSTs to an API endpoint as the apps do (token in Authorization); rejects when no complete answer
 * came.
 */
export async function call<T = unknown>(
  base: string,
  name: EndpointName,
  token: string | undefined,
  body: object,
  query = '',
): Promise<Answer<T>> {
  const res = await fetch(`${base}/v4${endpoints[name].path}${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      ...(token ? { authorization: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope<T> };
}

export interface PaymentEventInput {
  id: string;
  type: 'paid' | 'failed' | 'refunded';
  orderId: string;
  amountMinor: number;
  currency: string;
}

/**
 * Delivers a provider event to the webhook route, signed now (a provider's retry re-signs the same
 * event id).
 */
export async function deliver(
  base: string,
  store: Store,
  event: PaymentEventInput,
  query = '',
): Promise<Answer<{ received: boolean; outcome: string }>> {
  const { id, ...rest } = event;
  const signed = store.webhooks.signEvent(rest, Date.now(), id);
  const res = await fetch(`${base}/v4/payment/webhook/sandbox${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature },
    body: signed.body,
  });
  return {
    status: res.status,
    envelope: (await res.json()) as Envelope<{ received: boolean; outcome: string }>,
  };
}

export const eventId = () => `evt_${randomBytes(12).toString('hex')}`;
export const idempotencyKey = () => randomBytes(12).toString('hex');

export interface QuickUser {
  userId: number;
  token: string;
}

/**
 * Users made directly in the database with a real session token (the registration path is
 * tested in accounts.test.ts; argon2 for a hundred users would only cost time here).
 */
export async function quickUsers(
  store: Store,
  count: number,
  extra: { inviterId?: number; standardDays?: number } = {},
): Promise<QuickUser[]> {
  const sessions = new Sessions(store.db);
  const now = Date.now();
  const users: QuickUser[] = [];
  for (let i = 0; i < count; i++) {
    const tag = randomBytes(6).toString('hex');
    const row = await store.db
      .insertInto('users')
      .values({
        username: `r_${tag}`,
        username_display: `r_${tag}`,
        email: null,
        phone: null,
        password_hash: '!test',
        language: 'en',
        invite_code: `R${tag.toUpperCase()}`,
        inviter_id: extra.inviterId ?? null,
        referral_date: extra.inviterId === undefined ? null : now,
        standard_expires_at:
          extra.standardDays === undefined ? null : now + extra.standardDays * 86_400_000,
        lite_expires_at: null,
        benefits_expires_at: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As registration does: the inviter's running count of invitees.
    if (extra.inviterId !== undefined)
      await addToKolTotals(store.db, extra.inviterId, { invitees: 1 });
    users.push({ userId: row.id, token: await sessions.create(row.id, null, now) });
  }
  return users;
}

/**
 * The database's own integrity: on SQLite `PRAGMA integrity_check` is ok and
 * `PRAGMA foreign_key_check` finds nothing; on PostgreSQL (whose storage a killed client cannot
 * damage) every constraint is validated and no foreign key points at a missing row.
 */
export async function integrityProblems(store: Store): Promise<string[]> {
  const { db } = store;
  if (DIALECT === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const fk = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
    return [
      ...integrity.rows.map((r) => r.integrity_check).filter((r) => r !== 'ok'),
      ...fk.rows.map((r) => `foreign key: ${JSON.stringify(r)}`),
    ];
  }
  const problems: string[] = [];
  const unvalidated = await sql<{
    conname: string;
  }>`select conname from pg_constraint where connamespace = current_schema()::regnamespace and not convalidated`.execute(
    db,
  );
  problems.push(...unvalidated.rows.map((r) => `constraint not validated: ${r.conname}`));
  const fks = await sql<{ tbl: string; col: string; ref_tbl: string; ref_col: string }>`
    select cl.relname as tbl, a.attname as col, rcl.relname as ref_tbl, ra.attname as ref_col
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class rcl on rcl.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  if (fks.rows.length === 0)
    problems.push('no foreign keys found in the schema (wrong search_path?)');
  for (const fk of fks.rows) {
    const orphans = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(fk.tbl)} t
      where t.${sql.ref(fk.col)} is not null and not exists (select 1 from ${sql.table(fk.ref_tbl)} r where r.${sql.ref(fk.ref_col)} = t.${sql.ref(fk.col)})`.execute(
      db,
    );
    const n = orphans.rows[0]?.n ?? 0;
    if (n > 0)
      problems.push(`${fk.tbl}.${fk.col}: ${n} rows point at no ${fk.ref_tbl}.${fk.ref_col}`);
  }
  return problems;
}

export interface AuditRecord {
  id: number;
  action: string;
  subject_type: string;
  subject_id: string;
  data: Record<string, unknown>;
  at: number;
}

export async function auditRows(db: Db, actions: string[]): Promise<AuditRecord[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'action', 'subject_type', 'subject_id', 'data', 'at'])
    .where('action', 'in', actions)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
}

export const countBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
