import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { SQLITE_LOCK_WAIT_MS_DEFAULT } from '../config/env.ts';
import type { DialectName } from './dialect.ts';
import { ensurePrivateDir, ensurePrivateFile } from '../files/file-modes.ts';
import { migrationProvider } from './migrations/index.ts';
import { LockWaitingSqliteDialect, type StatementSource } from './sqlite-driver.ts';
import { analyzeUnmeasuredIndexes } from './sqlite-statistics.ts';
import type { Database } from './schema.ts';
import { unreachableDatabase } from './unreachable.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Applies every pending migration; throws with the failing migration's error. */
  migrate(): Promise<void>;
  /** The migrations this server knows that the database has not applied (readiness). */
  pendingMigrations(): Promise<string[]>;
  close(): Promise<void>;
  /**
   * The connections of the PostgreSQL pool (in use or idle, and calls waiting for one); on
   * SQLite the one connection, never waited for at the moment it is asked (calls run in turn).
   */
  poolStats(): PoolStats;
  /** Calls `listener` after every query with its duration, its SQL and whether it failed. */
  onQuery(listener: QueryListener): void;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type QueryListener = (query: { ms: number; sql: string; failed: boolean }) => void;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  sqlitePath: string;
  /**
   * How long a SQLite statement waits, off the event loop, for another process's write lock
   * before the request is answered 503 (SQLITE_LOCK_WAIT_MS).
   */
  sqliteLockWaitMs?: number;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
}

const PG_INT8 = 20;

/**
 * PostgreSQL returns bigint as a string; our bigints are millisecond timestamps, safe as numbers.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 && format !== 'binary') return (value: string) => Number(value);
    return format === undefined ? pg.types.getTypeParser(oid) : pg.types.getTypeParser(oid, format);
  },
};

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. Our SQL
 * texts are few (parameters are bound, never inlined), so prepared statements are kept and
 * reused, least recently used dropped past the limit. Kysely runs one query at a time on the
 * connection, so a statement is never in use twice at once.
 */
function withStatementCache(database: SQLite.Database): StatementSource {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) {
        cache.delete(sqlText);
      } else {
        statement = database.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  let kysely: Db;
  let poolStats = (): PoolStats => ({ total: 1, idle: 1, waiting: 0 });
  // Kysely reports each query's duration to `log`; the metrics listen (metrics/).
  const listeners: QueryListener[] = [];
  const log = (event: LogEvent) => {
    if (listeners.length === 0) return;
    const query = {
      ms: event.queryDurationMillis,
      sql: event.query.sql,
      failed: event.level === 'error',
    };
    for (const listener of listeners) listener(query);
  };
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // A dedicated schema (tests, or several installations in one database) is set per connection.
      ...(options.databaseSchema ? { options: `-c search_path=${options.databaseSchema}` } : {}),
    });
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
  } else {
    // The database file is made 0600 before SQLite opens it: SQLite gives its -wal and -shm
    // files the database file's mode, so none of them is readable by other local users.
    ensurePrivateDir(path.dirname(options.sqlitePath));
    for (const suffix of ['', '-wal', '-shm'])
      ensurePrivateFile(`${options.sqlitePath}${suffix}`, suffix === '');
    const database = new SQLite(options.sqlitePath);
    // WAL lets readers run beside the writer. busy_timeout is 0: SQLite's own wait for another
    // process's lock would block the event loop, so the driver waits on a timer instead
    // (sqlite-driver.ts). SQLite leaves foreign keys off unless asked.
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 0');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    kysely = new Kysely<Database>({
      dialect: new LockWaitingSqliteDialect(
        withStatementCache(database),
        options.sqliteLockWaitMs ?? SQLITE_LOCK_WAIT_MS_DEFAULT,
      ),
      log,
    });
  }

  const migrator = () =>
    new Migrator({
      db: kysely,
      provider: migrationProvider(dialect),
      // Parts of the server are built side by side, each with its own range of migration numbers
      // (0035 tickets may land after 0050 telegram): a database migrated before a lower number
      // landed runs it later instead of refusing to start. Migrations of different ranges never
      // depend on each other.
      allowUnorderedMigrations: true,
      ...(dialect === 'postgres' && options.databaseSchema
        ? { migrationTableSchema: options.databaseSchema }
        : {}),
    });

  return {
    db: kysely,
    dialect,
    async pendingMigrations() {
      const known = await migrator().getMigrations();
      return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
    },
    async migrate() {
      if (dialect === 'postgres' && options.databaseSchema) {
        // Two processes starting at once both run this; PostgreSQL may refuse the loser with a
        // unique violation on pg_namespace (or 42P06) even with IF NOT EXISTS. Either way the
        // schema exists.
        try {
          await sql`create schema if not exists ${sql.id(options.databaseSchema)}`.execute(kysely);
        } catch (error) {
          const code =
            typeof error === 'object' && error !== null && 'code' in error
              ? (error as { code: unknown }).code
              : undefined;
          if (code !== '23505' && code !== '42P06')
            throw unreachableDatabase(error, options.databaseUrl) ?? error;
        }
      }
      const { error, results } = await migrator().migrateToLatest();
      if (error !== undefined) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
        // No server there, or it refuses us: one line saying what to do (main.ts prints it).
        throw (
          unreachableDatabase(error, options.databaseUrl) ??
          new Error(`Database migration ${failed} failed`, { cause: error })
        );
      }
      // A new index on an analysed SQLite database gets its statistics (db/sqlite-statistics.ts).
      if (dialect === 'sqlite') await analyzeUnmeasuredIndexes(kysely);
    },
    close: () => kysely.destroy(),
    poolStats: () => poolStats(),
    onQuery: (listener) => listeners.push(listener),
  };
}

/** True when a write failed on a UNIQUE or PRIMARY KEY constraint (both dialects). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
