import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * The SQLite driver of the server. better-sqlite3 is synchronous: with `busy_timeout` a statement
 * that waits for another process's write lock (a second server, `pnpm ops`) blocks the event
 * loop, and with it every request, for up to the timeout (health took 5 s). Here SQLite never
 * waits (`busy_timeout = 0`): a statement or BEGIN that finds the database locked gives the
 * connection back, waits on a timer (2 ms, doubling up to 50 ms) and tries again, so health and
 * reads keep being answered meanwhile; past `lockWaitMs` it fails with DatabaseBusyError, which
 * the server answers as a retryable 503 envelope (never a 500).
 *
 * One connection serves the process. A transaction holds it from BEGIN IMMEDIATE (taken up
 * front, see below) to COMMIT or ROLLBACK; any other statement takes it for its own synchronous
 * run only. Kysely is told the dialect has several connections, so that its own one-connection
 * lock (held from a transaction's acquire to its release, waits included) does not queue every
 * read behind a transaction waiting for the lock; this driver's lock replaces it.
 *
 * Transactions begin IMMEDIATE, taking the write lock at once. A deferred BEGIN reads first and
 * asks for the write lock at its first write; when another process has written in between,
 * SQLite refuses at once (SQLITE_BUSY_SNAPSHOT, which no waiting helps). Taken up front, the lock
 * is waited for and the transaction reads what it will write on, as the row locks do on
 * PostgreSQL.
 */

/** A statement source: better-sqlite3's database, or its statement cache. */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/** The database stayed locked by another process for longer than the server waits. */
export class DatabaseBusyError extends Error {
  readonly statusCode = 503;
  readonly code = 'SQLITE_BUSY';

  constructor(waitedMs: number) {
    super(`the SQLite database stayed locked by another process for ${waitedMs} ms`);
    this.name = 'DatabaseBusyError';
  }
}

const isBusy = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  error.code.startsWith('SQLITE_BUSY');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A FIFO lock over the one connection. */
class ConnectionLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async take(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

function run(source: StatementSource, query: CompiledQuery): QueryResult<unknown> {
  const statement = source.prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid !== undefined ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes !== undefined ? BigInt(changes) : undefined,
    rows: [],
  };
}

class LockWaitingDriver implements Driver {
  readonly #lock = new ConnectionLock();

  constructor(
    readonly source: StatementSource,
    readonly lockWaitMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  /**
   * Runs `query` alone on the connection, retrying on a timer while another process holds the
   * database locked. `keep` leaves the connection taken after success (a transaction's BEGIN).
   */
  async runAlone(query: CompiledQuery, keep = false): Promise<QueryResult<unknown>> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      await this.#lock.take();
      let busy = false;
      try {
        const result = run(this.source, query);
        if (!keep) this.#lock.give();
        return result;
      } catch (error) {
        this.#lock.give();
        if (!isBusy(error)) throw error;
        busy = true;
      }
      const waited = Date.now() - started;
      if (busy && waited >= this.lockWaitMs) throw new DatabaseBusyError(waited);
      await sleep(Math.min(2 ** (attempt + 1), 50, Math.max(1, this.lockWaitMs - waited)));
    }
  }

  /** Runs `query` on the connection this transaction holds (COMMIT waits out a busy answer). */
  async runHeld(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return run(this.source, query);
      } catch (error) {
        if (!isBusy(error) || Date.now() - started >= this.lockWaitMs) throw error;
      }
      await sleep(Math.min(2 ** (attempt + 1), 50));
    }
  }

  release(): void {
    this.#lock.give();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).end('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Lease).abandon();
  }

  async destroy(): Promise<void> {
    this.source.close();
  }
}

/** One use of the connection by Kysely: a query, a series of them, or a transaction. */
class Lease implements DatabaseConnection {
  #inTransaction = false;

  constructor(private readonly driver: LockWaitingDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = this.#inTransaction
      ? await this.driver.runHeld(query)
      : await this.driver.runAlone(query);
    return result as QueryResult<R>;
  }

  // eslint-disable-next-line require-yield -- the server never streams; Kysely's interface asks.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the SQLite driver');
  }

  async begin(): Promise<void> {
    await this.driver.runAlone(CompiledQuery.raw('begin immediate'), true);
    this.#inTransaction = true;
  }

  /**
   * COMMIT or ROLLBACK, then the connection is given back. Kysely rolls back after any failure,
   * a failed BEGIN or COMMIT included: a COMMIT that failed keeps the transaction for that
   * ROLLBACK, and a ROLLBACK with no transaction left (SQLite ended it itself) changes nothing.
   */
  async end(command: 'commit' | 'rollback'): Promise<void> {
    if (!this.#inTransaction) return;
    if (command === 'commit') {
      await this.driver.runHeld(CompiledQuery.raw('commit'));
    } else {
      try {
        run(this.driver.source, CompiledQuery.raw('rollback'));
      } catch {
        // No transaction is active any more: nothing to undo.
      }
    }
    this.#inTransaction = false;
    this.driver.release();
  }

  /** Kysely is done with this lease; a transaction it left open (it never does) is undone. */
  abandon(): void {
    if (this.#inTransaction) void this.end('rollback');
  }
}

class ManyLeasesAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect (compiler, introspection) on the lock-waiting driver. */
export class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly source: StatementSource,
    private readonly lockWaitMs: number,
  ) {
    super({ database: source as never });
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(this.source, this.lockWaitMs);
  }

  override createAdapter(): DialectAdapter {
    return new ManyLeasesAdapter();
  }
}
