// The scale seeder: fills a freshly migrated database (the server's own migrations) with a
// realistic, deterministic data set of any size, streaming: rows are generated and written in
// batches, so memory stays flat (a few typed arrays per user) whatever the size.
//
// What it makes, for `users` U, `orders` O and `commissions` C:
// - users created over three years, 40 % with a Standard membership, 15 % Lite, e-mail or phone
//   or username accounts, 1.2 devices on average; U/500 KOLs (the earliest users, kol_accounts
//   rates 25-100 %) who invited 20 % of all users, by a Zipf law (the biggest KOL invited the
// most);
//   another 8 % were invited by ordinary users;
// - O orders over the same three years in time order (ids grow with time, as in production):
//   1 % go to ten heavy users (the heaviest has ~40 % of those), C of them are paid purchases of
//   KOL-invited users, each with its commission (first purchase or renewal, pending, payable,
//   settled into monthly payouts, or clawed back after a refund, with the adjustment when it had
//   been paid out); the rest are spread over all users with paid / expired / failed / refunded
//   statuses; the last hour's few are pending;
// - about 1 % of orders open a group buy (size 2 or 3, pay-all or pay-self, finished or not) whose
//   seats, shares and group orders are counted among the O orders; one heavy user creates 5 % of
//   the groups and another takes 5 % of the seats.
// SQLite: one transaction of multi-row prepared statements (foreign keys checked unless `fast`).
// PostgreSQL: one transaction of `insert ... select * from unnest($1::type[], ...)` batches
// (`fast` sets session_replication_role = replica, which skips the foreign-key triggers).
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CommissionPurchaseType,
  CommissionState,
  GroupBuyPaymentType,
  GroupBuyStatus,
  KOL_RENEWAL_RATE_PERCENT,
  MS_PER_DAY,
  OrderStatus,
} from '@nimbus/domain';
import { openDatabase } from '../src/db/database.ts';
import { SEED_PLANS } from '../src/db/migrations/0002-payments.ts';
import { KOL_TOTALS_BACKFILL } from '../src/db/migrations/0017-kol-totals.ts';
import { REFERRAL_DATE_BACKFILL } from '../src/db/migrations/0020-referral-date.ts';
import { ORDER_COUNT_BACKFILL } from '../src/db/migrations/0024-order-count.ts';
import { LINE_NO_BACKFILL } from '../src/db/migrations/0026-kol-line-numbers.ts';

export interface SeedSizes {
  users: number;
  orders: number;
  commissions: number;
}

export interface SeedTarget {
  /** postgres://... ; SQLite when absent. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema (dropped and re-created). */
  schema?: string | undefined;
  /** SQLite file (replaced). */
  sqlitePath?: string | undefined;
}

export interface SeedOptions extends SeedSizes, SeedTarget {
  /**
   * Skip foreign-key checks while writing (the data is consistent by construction; the test seeds
   * with them on).
   */
  fast?: boolean;
  /** Called every ~2 s with the rows written so far. */
  progress?: (line: string) => void;
  /** The clock the data is placed around (UTC ms). */
  now?: number;
  /** PRNG seed. */
  seed?: number;
}

export interface SeedResult {
  dialect: 'sqlite' | 'postgres';
  rows: Record<string, number>;
  totalRows: number;
  seconds: number;
  rowsPerSecond: number;
  now: number;
  /**
   * Who the bench should ask for: the user with the most orders, the KOL with the most commissions,
   * the heaviest group creator and member.
   */
  heaviestUserId: number;
  biggestKolId: number;
  groupCreatorId: number;
  groupMemberId: number;
}

type ColumnType = 'int' | 'bigint' | 'text';
type Value = string | number | null;

const TABLES = {
  users: {
    id: 'int',
    username: 'text',
    username_display: 'text',
    email: 'text',
    phone: 'text',
    password_hash: 'text',
    language: 'text',
    invite_code: 'text',
    inviter_id: 'int',
    standard_expires_at: 'bigint',
    lite_expires_at: 'bigint',
    devices_allowed: 'int',
    trial_used: 'int',
    yearly_paid_user: 'int',
    benefits_expires_at: 'bigint',
    is_kol: 'int',
    third_party_enabled: 'int',
    created_at: 'bigint',
    updated_at: 'bigint',
    deleted_at: 'bigint',
  },
  devices: {
    id: 'int',
    user_id: 'int',
    device_key: 'text',
    platform: 'int',
    kind: 'int',
    system: 'text',
    version: 'text',
    name: 'text',
    created_at: 'bigint',
    last_seen_at: 'bigint',
  },
  kol_accounts: { user_id: 'int', rate_percent: 'int', created_at: 'bigint', updated_at: 'bigint' },
  kol_payouts: {
    id: 'int',
    public_id: 'text',
    kol_id: 'int',
    amount_minor: 'int',
    currency: 'text',
    period_start: 'bigint',
    period_end: 'bigint',
    tx_hash: 'text',
    paid_at: 'bigint',
    actor: 'text',
  },
  orders: {
    id: 'int',
    public_id: 'text',
    user_id: 'int',
    plan_id: 'int',
    kind: 'text',
    status: 'text',
    group_type: 'int',
    duration_days: 'int',
    devices_allowed: 'int',
    original_minor: 'int',
    discount_minor: 'int',
    amount_minor: 'int',
    currency: 'text',
    promo_code_id: 'int',
    payment_method: 'text',
    provider: 'text',
    provider_ref: 'text',
    checkout_url: 'text',
    idempotency_key: 'text',
    upgrade: 'int',
    credited_standard_ms: 'bigint',
    credited_lite_ms: 'bigint',
    created_at: 'bigint',
    updated_at: 'bigint',
    expires_at: 'bigint',
    paid_at: 'bigint',
    refunded_at: 'bigint',
  },
  group_buys: {
    id: 'int',
    public_id: 'text',
    creator_id: 'int',
    plan_id: 'int',
    group_type: 'int',
    duration_days: 'int',
    devices_allowed: 'int',
    size: 'int',
    payment_type: 'int',
    plan_price_minor: 'int',
    unit_price_minor: 'int',
    currency: 'text',
    status: 'int',
    created_at: 'bigint',
    expires_at: 'bigint',
    finished_at: 'bigint',
    closed_at: 'bigint',
    updated_at: 'bigint',
  },
  group_buy_members: {
    group_id: 'int',
    user_id: 'int',
    role: 'text',
    status: 'text',
    seat: 'int',
    order_id: 'int',
    hold_until: 'bigint',
    joined_at: 'bigint',
    paid_at: 'bigint',
    credited_standard_ms: 'bigint',
    credited_lite_ms: 'bigint',
    updated_at: 'bigint',
  },
  group_buy_orders: { order_id: 'int', group_id: 'int', user_id: 'int', role: 'text' },
  kol_commissions: {
    id: 'int',
    kol_id: 'int',
    referred_user_id: 'int',
    order_id: 'int',
    order_public_id: 'text',
    group_type: 'int',
    duration_days: 'int',
    purchase_type: 'int',
    rate_percent: 'int',
    paid_minor: 'int',
    amount_minor: 'int',
    currency: 'text',
    earned_at: 'bigint',
    payable_at: 'bigint',
    state: 'text',
    settled_at: 'bigint',
    payout_id: 'int',
    clawed_back_at: 'bigint',
  },
  kol_adjustments: {
    id: 'int',
    kol_id: 'int',
    commission_id: 'int',
    order_id: 'int',
    amount_minor: 'int',
    currency: 'text',
    created_at: 'bigint',
    settled_at: 'bigint',
    payout_id: 'int',
  },
  // The console's lists (bench/console-list-queries.ts): the audit log and redeem codes.
  audit_log: {
    id: 'int',
    actor: 'text',
    action: 'text',
    subject_type: 'text',
    subject_id: 'text',
    data: 'text',
    at: 'bigint',
  },
  redeem_codes: {
    id: 'int',
    code: 'text',
    group_type: 'int',
    days: 'int',
    devices_allowed: 'int',
    max_uses: 'int',
    uses: 'int',
    expires_at: 'bigint',
    active: 'int',
    created_at: 'bigint',
  },
} as const satisfies Record<string, Record<string, ColumnType>>;

type TableName = keyof typeof TABLES;
/** Parents first: the order rows are written in. */
const TABLE_ORDER: TableName[] = [
  'users',
  'devices',
  'kol_accounts',
  'kol_payouts',
  'orders',
  'group_buys',
  'group_buy_members',
  'group_buy_orders',
  'kol_commissions',
  'kol_adjustments',
  'audit_log',
  'redeem_codes',
];
/** Tables with an identity / autoincrement id whose sequence must follow the explicit ids. */
const ID_TABLES: TableName[] = [
  'users',
  'devices',
  'kol_payouts',
  'orders',
  'group_buys',
  'kol_commissions',
  'kol_adjustments',
  'audit_log',
  'redeem_codes',
];

interface Writer {
  write(table: TableName, rows: Value[][]): Promise<void>;
  /**
   * Sets each used payout's amount, removes the payouts no commission landed in, commits and
   * analyses.
   */
  finish(
    payoutAmounts: ReadonlyMap<number, number>,
    unusedPayouts: readonly number[],
  ): Promise<void>;
}

// SQLite allows 32766 bound values per statement; batches stay below it.
const SQLITE_MAX_VALUES = 32_000;

function sqliteWriter(file: string, fast: boolean): Writer {
  const db = new SQLite(file);
  // The database is new: a rollback journal costs nothing for pages that did not exist, where WAL
  // would copy every page once more. The server's WAL mode is set back at the end.
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1048576');
  db.pragma('temp_store = MEMORY');
  db.pragma(`foreign_keys = ${fast ? 'OFF' : 'ON'}`);
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: TableName, rowCount: number) => {
    const key = `${table}:${rowCount}`;
    let s = statements.get(key);
    if (!s) {
      const columns = Object.keys(TABLES[table]);
      const tuple = `(${columns.map(() => '?').join(',')})`;
      s = db.prepare(
        `insert into ${table} (${columns.join(',')}) values ${Array(rowCount).fill(tuple).join(',')}`,
      );
      statements.set(key, s);
    }
    return s;
  };
  db.exec('begin');
  return {
    write(table, rows) {
      const width = Object.keys(TABLES[table]).length;
      const per = Math.max(1, Math.min(500, Math.floor(SQLITE_MAX_VALUES / width)));
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        statement(table, chunk.length).run(chunk.flat());
      }
      return Promise.resolve();
    },
    finish(payoutAmounts, unusedPayouts) {
      const update = db.prepare('update kol_payouts set amount_minor = ? where id = ?');
      for (const [id, amount] of payoutAmounts) update.run(amount, id);
      const remove = db.prepare('delete from kol_payouts where id = ?');
      for (const id of unusedPayouts) remove.run(id);
      // The running totals, as the migration fills them from rows already there.
      for (const statement of [
        ...KOL_TOTALS_BACKFILL,
        ...REFERRAL_DATE_BACKFILL,
        ...ORDER_COUNT_BACKFILL,
        ...LINE_NO_BACKFILL,
      ])
        db.exec(statement);
      db.exec('commit');
      if (!fast) {
        const broken = db.prepare('pragma foreign_key_check').all();
        if (broken.length > 0)
          throw new Error(`seeded rows break foreign keys: ${JSON.stringify(broken.slice(0, 5))}`);
      }
      db.exec('analyze');
      db.pragma('journal_mode = WAL');
      db.close();
      return Promise.resolve();
    },
  };
}

const PG_TYPES: Record<ColumnType, string> = { int: 'int4', bigint: 'int8', text: 'text' };

async function postgresWriter(url: string, schema: string, fast: boolean): Promise<Writer> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query('begin');
  if (fast) await client.query('set local session_replication_role = replica');
  const texts = new Map<TableName, string>();
  const text = (table: TableName) => {
    let t = texts.get(table);
    if (!t) {
      const entries = Object.entries(TABLES[table]);
      t = `insert into ${table} (${entries.map(([c]) => `"${c}"`).join(',')}) select * from unnest(${entries.map(([, type], i) => `$${i + 1}::${PG_TYPES[type]}[]`).join(',')})`;
      texts.set(table, t);
    }
    return t;
  };
  return {
    async write(table, rows) {
      const width = Object.keys(TABLES[table]).length;
      const columns: Value[][] = Array.from({ length: width }, () => new Array<Value>(rows.length));
      for (let r = 0; r < rows.length; r++) {
        const row = rows[r] ?? [];
        for (let c = 0; c < width; c++) (columns[c] as Value[])[r] = row[c] ?? null;
      }
      await client.query(text(table), columns);
    },
    async finish(payoutAmounts, unusedPayouts) {
      await client.query(
        'update kol_payouts p set amount_minor = v.amount from unnest($1::int4[], $2::int4[]) as v(id, amount) where p.id = v.id',
        [[...payoutAmounts.keys()], [...payoutAmounts.values()]],
      );
      await client.query('delete from kol_payouts where id = any($1::int4[])', [unusedPayouts]);
      // The running totals, as the migration fills them from rows already there.
      for (const statement of [
        ...KOL_TOTALS_BACKFILL,
        ...REFERRAL_DATE_BACKFILL,
        ...ORDER_COUNT_BACKFILL,
        ...LINE_NO_BACKFILL,
      ])
        await client.query(statement);
      for (const table of ID_TABLES) {
        await client.query(
          `select setval(pg_get_serial_sequence('${schema}.${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
        );
      }
      await client.query('commit');
      // A running database is vacuumed by autovacuum (which sets the visibility map that
      // index-only scans need) and analysed; the seeded one is put in that state at once.
      for (const table of [...TABLE_ORDER, 'kol_totals'])
        await client.query(`vacuum (analyze) ${table}`);
      await client.end();
    },
  };
}

/** A small fast PRNG (mulberry32), so a size always gives the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/**
 * A unique random-looking id: `n` (< 2^32) goes through a bijective 32-bit mix (no repeats), spelt
 * in 7 symbols.
 */
function scrambled(prefix: string, n: number): string {
  let x = n >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  let out = prefix;
  let v = x >>> 0;
  for (let i = 0; i < 7; i++) {
    out += ID_ALPHABET.charAt(v & 31);
    v = Math.floor(v / 32);
  }
  return out;
}

const yyyymmdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

const PLAN_WEIGHTS = [0.34, 0.12, 0.22, 0.04, 0.16, 0.05, 0.07];
const METHODS = ['card', 'card', 'card', 'paypal', 'alipay', 'wechat', 'crypto'];
const SYSTEMS = [
  [0, 'iOS 18'],
  [1, 'Android 15'],
  [2, 'macOS 15'],
  [3, 'Windows 11'],
] as const;

/**
 * Redeem codes for the console's code list: U/20 codes in batches of 1,000 over the last three
 * years, each batch's codes starting with the batch's own prefix (RB<batch>-), a tenth disabled.
 */
async function seedRedeemCodes(
  users: number,
  now: number,
  push: (table: TableName, row: Value[]) => Promise<void>,
): Promise<void> {
  const count = Math.max(100, Math.round(users / 20));
  const span = 3 * 365 * MS_PER_DAY;
  for (let id = 1; id <= count; id++) {
    const batch = Math.floor((id - 1) / 1000);
    const created = now - span + Math.floor((batch * 1000 * span) / count) + (id % 1000);
    await push('redeem_codes', [
      id,
      `RB${String(batch).padStart(4, '0')}-${scrambled('', id)}`,
      id % 3 === 0 ? 2 : 1,
      id % 2 === 0 ? 30 : 365,
      5,
      1,
      id % 4 === 0 ? 1 : 0,
      created + 365 * MS_PER_DAY,
      id % 10 === 0 ? 0 : 1,
      created,
    ]);
  }
}

/** Seeds a fresh database. Returns the row counts, timing and the users the bench asks for. */
export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  const { users: U, orders: O, commissions: C } = options;
  if (C > O * 0.8)
    throw new Error('commissions must be at most 80 % of orders (each belongs to a paid order)');
  const log = options.progress ?? (() => undefined);
  const now = options.now ?? Date.now();
  const rnd = prng(options.seed ?? 20_261_126);
  const fast = options.fast ?? false;
  const dialect = options.databaseUrl ? 'postgres' : 'sqlite';

  // 1. The real migrations on a fresh database.
  if (dialect === 'postgres') {
    const schema = options.schema ?? 'nimbus_scale';
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  } else {
    const { rmSync } = await import('node:fs');
    const file = options.sqlitePath ?? '';
    if (!file) throw new Error('sqlitePath is required on SQLite');
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  }
  const handle = openDatabase({
    databaseUrl: options.databaseUrl,
    databaseSchema: options.schema ?? (options.databaseUrl ? 'nimbus_scale' : undefined),
    sqlitePath: options.sqlitePath ?? '',
  });
  await handle.migrate();
  await handle.close();

  const writer =
    dialect === 'postgres'
      ? await postgresWriter(options.databaseUrl ?? '', options.schema ?? 'nimbus_scale', fast)
      : sqliteWriter(options.sqlitePath ?? '', fast);

  const started = performance.now();
  const rows: Record<string, number> = Object.fromEntries(TABLE_ORDER.map((t) => [t, 0]));
  const buffers = new Map<TableName, Value[][]>(TABLE_ORDER.map((t) => [t, []]));
  let lastLog = started;
  const BATCH = 5_000;
  const flushAll = async () => {
    for (const table of TABLE_ORDER) {
      const buffer = buffers.get(table) ?? [];
      if (buffer.length === 0) continue;
      await writer.write(table, buffer);
      rows[table] = (rows[table] ?? 0) + buffer.length;
      buffers.set(table, []);
    }
    const t = performance.now();
    if (t - lastLog > 2_000) {
      lastLog = t;
      const total = Object.values(rows).reduce((a, b) => a + b, 0);
      log(
        `  ${Object.entries(rows)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${k} ${n.toLocaleString('en')}`)
          .join(
            ', ',
          )}  (${Math.round(total / ((t - started) / 1000)).toLocaleString('en')} rows/s)`,
      );
    }
  };
  const push = async (table: TableName, row: Value[]) => {
    const buffer = buffers.get(table) ?? [];
    buffer.push(row);
    buffers.set(table, buffer);
    if (buffer.length >= BATCH) await flushAll();
  };

  // 2. Users. Ids grow with creation time, over three years.
  const SPAN = 3 * 365 * MS_PER_DAY;
  const start = now - SPAN;
  const userCreated = (id: number) =>
    start + Math.floor(((id - 1) / U) * (SPAN - MS_PER_DAY)) + ((id * 7919) % 60_000);
  const K = Math.max(3, Math.round(U / 500));
  const H = Math.min(10, Math.max(1, Math.floor(U / 100)));
  const heavy = Array.from({ length: H }, (_, i) => K + 1 + i);
  const groupCreator = heavy[0] ?? K + 1;
  const groupMember = heavy[1] ?? K + 1;
  const kolRate = new Uint8Array(K + 1);
  // Zipf(1) over KOLs: the cumulative weights, searched for each invitee.
  const zipf = new Float64Array(K);
  let acc = 0;
  for (let k = 0; k < K; k++) zipf[k] = acc += 1 / (k + 1);
  const pickKol = () => {
    const x = rnd.next() * acc;
    let lo = 0;
    let hi = K - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((zipf[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  /** inviter of each user (0 = none); KOL invitees listed in id order for the commission orders. */
  const inviter = new Int32Array(U + 1);
  const kolInvitees: number[] = [];
  let deviceId = 0;
  for (let id = 1; id <= U; id++) {
    const created = userCreated(id);
    const isKol = id <= K;
    let inviterId: number | null = null;
    if (!isKol && !heavy.includes(id)) {
      const x = rnd.next();
      if (x < 0.2) inviterId = pickKol();
      else if (x < 0.28 && id > K + H + 1) inviterId = rnd.int(K + 1, id - 1);
    }
    if (inviterId !== null) inviter[id] = inviterId;
    if (inviterId !== null && inviterId <= K) kolInvitees.push(id);
    const account = rnd.next();
    const membership = rnd.next();
    const standard = membership < 0.4 ? now + rnd.int(-365, 365) * MS_PER_DAY : null;
    const lite = membership > 0.85 ? now + rnd.int(-200, 200) * MS_PER_DAY : null;
    const yearly = standard !== null && rnd.chance(0.3) ? 1 : 0;
    await push('users', [
      id,
      account < 0.25 ? `user${id}` : null,
      account < 0.25 ? `User${id}` : null,
      account >= 0.25 && account < 0.8 ? `user${id}@example.com` : null,
      account >= 0.8 ? `+86139${String(id).padStart(8, '0')}` : null,
      '!seeded',
      rnd.chance(0.55) ? 'zh_CN' : 'en',
      scrambled('I', id),
      inviterId,
      standard,
      lite,
      standard !== null ? 5 : lite !== null ? 2 : 0,
      rnd.chance(0.7) ? 1 : 0,
      yearly,
      yearly ? (standard ?? 0) : null,
      isKol ? 1 : 0,
      standard !== null && rnd.chance(0.1) ? 1 : 0,
      created,
      created,
      null,
    ]);
    if (isKol) {
      kolRate[id] = rnd.pick([25, 30, 40, 50, 50, 60, 80, 100]);
      await push('kol_accounts', [id, kolRate[id] ?? 50, created, created]);
    }
    const devices = rnd.chance(0.6) ? rnd.int(1, 3) : 0;
    for (let d = 0; d < devices; d++) {
      const [platform, system] = rnd.pick(SYSTEMS);
      const seen = created + rnd.int(0, Math.max(0, Math.floor((now - created) / 60_000))) * 60_000;
      await push('devices', [
        ++deviceId,
        id,
        scrambled('D', deviceId),
        platform,
        platform < 2 ? 0 : 1,
        system,
        '4.2.0',
        `${system.split(' ')[0] ?? ''} ${d + 1}`,
        created,
        seen,
      ]);
    }
  }
  await flushAll();

  // 3. Monthly payouts of each KOL (amounts summed at the end; empty ones removed).
  const MONTH = 30 * MS_PER_DAY;
  const months = Math.ceil(SPAN / MONTH) + 1;
  const payoutId = (kol: number, month: number) => (kol - 1) * months + month + 1;
  const payoutIds: number[] = [];
  const payoutAmounts = new Map<number, number>();
  const addToPayout = (id: number, amount: number) =>
    payoutAmounts.set(id, (payoutAmounts.get(id) ?? 0) + amount);
  for (let kol = 1; kol <= K; kol++) {
    for (let m = 0; m < months; m++) {
      const periodStart = start + m * MONTH;
      const paidAt = periodStart + MONTH + 45 * MS_PER_DAY;
      if (paidAt > now) break;
      const id = payoutId(kol, m);
      payoutIds.push(id);
      await push('kol_payouts', [
        id,
        scrambled('P', id),
        kol,
        0,
        'USD',
        periodStart,
        periodStart + MONTH,
        rnd.chance(0.7) ? `0x${createHash('sha256').update(`payout ${id}`).digest('hex')}` : null,
        paidAt,
        'ops:seed',
      ]);
    }
  }
  await flushAll();

  // 4. Orders in time order, with their commissions and group buys.
  const ORDER_START = start + 30 * MS_PER_DAY;
  const orderSpan = now - ORDER_START;
  const usersBefore = (t: number) =>
    Math.max(1, Math.min(U, Math.floor(((t - start) / (SPAN - MS_PER_DAY)) * U)));
  const kolInviteesBefore = (maxId: number) => {
    let lo = 0;
    let hi = kolInvitees.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((kolInvitees[mid] ?? 0) <= maxId) lo = mid + 1;
      else hi = mid;
    }
    return Math.max(1, lo);
  };
  const heavyWeights = heavy.map((_, i) => 0.4 / 1.6 ** i);
  const heavyTotal = heavyWeights.reduce((a, b) => a + b, 0);
  const pickHeavy = () => {
    let x = rnd.next() * heavyTotal;
    for (let i = 0; i < heavy.length; i++) {
      x -= heavyWeights[i] ?? 0;
      if (x <= 0) return heavy[i] ?? K + 1;
    }
    return heavy[0] ?? K + 1;
  };
  /** An ordinary user (not invited by a KOL) created before t. */
  const pickOrdinary = (t: number) => {
    const max = usersBefore(t);
    for (let tries = 0; tries < 8; tries++) {
      const id = rnd.int(1, max);
      if ((inviter[id] ?? 0) === 0 || (inviter[id] ?? 0) > K) return id;
    }
    return heavy[heavy.length - 1] ?? K + 1;
  };
  const pickPlan = (groupOnly = false) => {
    for (;;) {
      let x = rnd.next();
      for (let i = 0; i < SEED_PLANS.length; i++) {
        x -= PLAN_WEIGHTS[i] ?? 0;
        if (x <= 0) {
          const plan = SEED_PLANS[i] ?? SEED_PLANS[0];
          if (!groupOnly || plan.group_buy === 1) return plan;
          break;
        }
      }
    }
  };
  if (kolInvitees.length === 0) throw new Error('too few users: no KOL invited anyone');
  const commissioned = new Uint8Array(U + 1);
  const commissionEvery = C / O;
  let orderId = 0;
  let commissionId = 0;
  let adjustmentId = 0;
  let groupId = 0;
  let commissionsMade = 0;
  const counts = new Map<number, number>();
  const kolCommissions = new Map<number, number>();
  const PENDING_WINDOW = 40 * 60_000;

  // The console's audit log (no random draws, so the rest of the data stays as it was): every
  // tenth order's creation by its user, or its payment and the membership credit by the system;
  // every thousandth a suspension of its user by one of three operators.
  let auditId = 0;
  const audit = (row: Value[]) => buffers.get('audit_log')?.push(row);
  const auditOrder = (
    id: number,
    user: number,
    publicId: string,
    created: number,
    paidAt: number | null,
  ) => {
    if (id % 10 !== 0) return;
    if (paidAt === null) {
      audit([++auditId, `user:${user}`, 'order.created', 'order', publicId, '{}', created]);
    } else {
      audit([++auditId, 'system', 'order.paid', 'order', publicId, '{}', paidAt]);
      audit([++auditId, 'system', 'membership.credited', 'user', String(user), '{}', paidAt]);
    }
    if (id % 1000 === 0)
      audit([
        ++auditId,
        `operator:${1 + ((id / 1000) % 3)}`,
        'user.suspended',
        'user',
        String(user),
        '{"reason":"seeded"}',
        created + 60_000,
      ]);
  };

  const orderRow = (o: {
    id: number;
    user: number;
    plan: (typeof SEED_PLANS)[number];
    kind: string;
    status: string;
    amount: number;
    discount: number;
    created: number;
    method: string;
  }) => {
    const paid = o.status === OrderStatus.PAID || o.status === OrderStatus.REFUNDED;
    const paidAt = paid ? o.created + rnd.int(20, 600) * 1_000 : null;
    const refundedAt =
      o.status === OrderStatus.REFUNDED
        ? (paidAt ?? o.created) + rnd.int(1, 120) * MS_PER_DAY
        : null;
    const credited =
      o.status === OrderStatus.PAID && o.kind === 'plan' ? o.plan.duration_days * MS_PER_DAY : 0;
    const updated =
      refundedAt ?? paidAt ?? o.created + (o.status === OrderStatus.PENDING ? 0 : 3_600_000);
    counts.set(o.user, (counts.get(o.user) ?? 0) + 1);
    auditOrder(o.id, o.user, `${yyyymmdd(o.created)}${scrambled('', o.id)}`, o.created, paidAt);
    return {
      paidAt,
      refundedAt,
      row: [
        o.id,
        `${yyyymmdd(o.created)}${scrambled('', o.id)}`,
        o.user,
        o.plan.id,
        o.kind,
        o.status,
        o.plan.group_type,
        o.plan.duration_days,
        o.plan.devices_allowed,
        o.amount + o.discount,
        o.discount,
        o.amount,
        'USD',
        null,
        o.method,
        o.method === 'crypto' ? 'crypto' : 'sandbox',
        o.method === 'crypto' ? null : `sbx_${o.id}`,
        o.method === 'crypto' ? null : `/pay/sandbox/${o.id}`,
        `seed-${o.id}`,
        0,
        o.plan.group_type === 1 ? credited : 0,
        o.plan.group_type === 2 ? credited : 0,
        o.created,
        Math.min(updated, now),
        o.created + 60 * 60_000,
        paidAt,
        refundedAt,
      ] as Value[],
    };
  };
  const randomStatus = (created: number) => {
    if (now - created < PENDING_WINDOW)
      return rnd.chance(0.5) ? OrderStatus.PENDING : OrderStatus.PAID;
    const x = rnd.next();
    return x < 0.72
      ? OrderStatus.PAID
      : x < 0.9
        ? OrderStatus.EXPIRED
        : x < 0.97
          ? OrderStatus.FAILED
          : OrderStatus.REFUNDED;
  };

  for (let i = 0; orderId < O; i++) {
    const created = ORDER_START + Math.floor((orderId / O) * orderSpan) + rnd.int(0, 999);
    const method = rnd.pick(METHODS);
    const wantsCommission =
      Math.floor((orderId + 1) * commissionEvery) > commissionsMade && commissionsMade < C;
    if (wantsCommission) {
      // A paid purchase of a KOL-invited user: the commission hook's row beside it.
      const user = kolInvitees[rnd.int(0, kolInviteesBefore(usersBefore(created)) - 1)] ?? 1;
      const kol = inviter[user] ?? 1;
      const plan = pickPlan();
      const refunded = rnd.chance(0.04);
      const id = ++orderId;
      const { row, paidAt, refundedAt } = orderRow({
        id,
        user,
        plan,
        kind: 'plan',
        status: refunded ? OrderStatus.REFUNDED : OrderStatus.PAID,
        amount: plan.price_minor,
        discount: 0,
        created,
        method,
      });
      await push('orders', row);
      const first = commissioned[user] === 0;
      commissioned[user] = 1;
      const rate = first ? (kolRate[kol] ?? 50) : KOL_RENEWAL_RATE_PERCENT;
      const amount = Math.floor((plan.price_minor * rate) / 100);
      const earned = paidAt ?? created;
      const payable = earned + 30 * MS_PER_DAY;
      const month = Math.floor((earned - start) / MONTH);
      const payoutPaidAt = start + (month + 1) * MONTH + 45 * MS_PER_DAY;
      const settled = payoutPaidAt <= now && (refundedAt === null || refundedAt > payoutPaidAt);
      const state =
        refundedAt !== null
          ? CommissionState.CLAWED_BACK
          : settled
            ? CommissionState.SETTLED
            : CommissionState.PENDING;
      const cid = ++commissionId;
      await push('kol_commissions', [
        cid,
        kol,
        user,
        id,
        row[1] ?? '',
        plan.group_type,
        plan.duration_days,
        first ? CommissionPurchaseType.FIRST_PURCHASE : CommissionPurchaseType.RENEWAL,
        rate,
        plan.price_minor,
        amount,
        'USD',
        earned,
        payable,
        state,
        settled ? payoutPaidAt : null,
        settled ? payoutId(kol, month) : null,
        refundedAt,
      ]);
      kolCommissions.set(kol, (kolCommissions.get(kol) ?? 0) + 1);
      if (settled) addToPayout(payoutId(kol, month), amount);
      if (settled && refundedAt !== null) {
        // Refunded after it was paid out: the clawback adjustment, settled with a later payout when
        // one exists.
        const adjMonth = Math.floor((refundedAt - start) / MONTH);
        const adjPaidAt = start + (adjMonth + 1) * MONTH + 45 * MS_PER_DAY;
        const adjSettled = adjPaidAt <= now;
        await push('kol_adjustments', [
          ++adjustmentId,
          kol,
          cid,
          id,
          -amount,
          'USD',
          refundedAt,
          adjSettled ? adjPaidAt : null,
          adjSettled ? payoutId(kol, adjMonth) : null,
        ]);
        if (adjSettled) addToPayout(payoutId(kol, adjMonth), -amount);
      }
      commissionsMade++;
      continue;
    }
    if (rnd.chance(0.01) && now - created > 2 * MS_PER_DAY && orderId + 3 <= O) {
      // A group buy: the creator's order, then the seats (and the friends' shares when each pays).
      const creator = rnd.chance(0.05) ? groupCreator : pickOrdinary(created);
      const plan = pickPlan(true);
      const size = rnd.chance(0.5) ? 2 : 3;
      const payAll = rnd.chance(0.4);
      const unit = payAll ? plan.price_minor : Math.ceil(plan.price_minor / size);
      const finished = rnd.chance(0.8);
      const gid = ++groupId;
      const expires = created + 24 * 3_600_000;
      const friends: number[] = [];
      const seats = finished ? size - 1 : rnd.int(0, size - 2);
      for (let s = 0; s < seats; s++) {
        let friend = rnd.chance(0.05) ? groupMember : pickOrdinary(created);
        if (friend === creator || friends.includes(friend)) friend = pickOrdinary(created);
        if (friend !== creator && !friends.includes(friend)) friends.push(friend);
      }
      const joinedAt = (s: number) => created + (s + 1) * rnd.int(1, 600) * 1_000;
      const finishedAt = finished && friends.length === size - 1 ? joinedAt(friends.length) : null;
      await push('group_buys', [
        gid,
        `G${scrambled('', gid)}${scrambled('', gid * 31 + 7).slice(0, 4)}`,
        creator,
        plan.id,
        plan.group_type,
        plan.duration_days,
        plan.devices_allowed,
        size,
        payAll ? GroupBuyPaymentType.PAY_ALL : GroupBuyPaymentType.PAY_SELF,
        plan.price_minor,
        unit,
        'USD',
        finishedAt === null ? GroupBuyStatus.UNFINISHED : GroupBuyStatus.FINISHED,
        created,
        expires,
        finishedAt,
        finishedAt === null ? expires : null,
        finishedAt ?? expires,
      ]);
      const refundAll = finishedAt === null;
      const creatorOrder = ++orderId;
      const c = orderRow({
        id: creatorOrder,
        user: creator,
        plan,
        kind: 'group_creator',
        status: refundAll ? OrderStatus.REFUNDED : OrderStatus.PAID,
        amount: payAll ? plan.price_minor : unit,
        discount: 0,
        created,
        method,
      });
      await push('orders', c.row);
      await push('group_buy_orders', [creatorOrder, gid, creator, 'creator']);
      await push('group_buy_members', [
        gid,
        creator,
        'creator',
        refundAll ? 'refunded' : 'joined',
        1,
        creatorOrder,
        null,
        created,
        c.paidAt,
        0,
        0,
        finishedAt ?? expires,
      ]);
      for (const [s, friend] of friends.entries()) {
        const joined = joinedAt(s);
        let shareOrder: number | null = null;
        let paidAt: number | null = joined;
        if (!payAll && orderId < O) {
          shareOrder = ++orderId;
          const share = orderRow({
            id: shareOrder,
            user: friend,
            plan,
            kind: 'group_share',
            status: refundAll ? OrderStatus.REFUNDED : OrderStatus.PAID,
            amount: unit,
            discount: 0,
            created: joined,
            method: rnd.pick(METHODS),
          });
          paidAt = share.paidAt;
          await push('orders', share.row);
          await push('group_buy_orders', [shareOrder, gid, friend, 'member']);
        }
        await push('group_buy_members', [
          gid,
          friend,
          'member',
          refundAll ? 'refunded' : 'joined',
          s + 2,
          shareOrder,
          null,
          joined,
          paidAt,
          payAll && !refundAll && plan.group_type === 1 ? plan.duration_days * MS_PER_DAY : 0,
          payAll && !refundAll && plan.group_type === 2 ? plan.duration_days * MS_PER_DAY : 0,
          finishedAt ?? expires,
        ]);
      }
      continue;
    }
    // An ordinary purchase: a heavy user now and then, else anyone who existed then.
    const user = rnd.chance(0.01) ? pickHeavy() : pickOrdinary(created);
    const plan = pickPlan();
    const discount = rnd.chance(0.08) ? Math.floor(plan.price_minor * 0.2) : 0;
    const id = ++orderId;
    await push(
      'orders',
      orderRow({
        id,
        user,
        plan,
        kind: 'plan',
        status: randomStatus(created),
        amount: plan.price_minor - discount,
        discount,
        created,
        method,
      }).row,
    );
  }
  await seedRedeemCodes(U, now, push);
  await flushAll();
  log('  finishing (payout sums, sequences, analyze)');
  await writer.finish(
    payoutAmounts,
    payoutIds.filter((id) => !payoutAmounts.has(id)),
  );
  rows.kol_payouts = payoutAmounts.size;
  const seconds = (performance.now() - started) / 1000;
  const totalRows = Object.values(rows).reduce((a, b) => a + b, 0);
  const top = (m: Map<number, number>) =>
    [...m.entries()].reduce((best, e) => (e[1] > best[1] ? e : best), [0, -1])[0];
  return {
    dialect,
    rows,
    totalRows,
    seconds,
    rowsPerSecond: totalRows / seconds,
    now,
    heaviestUserId: top(counts),
    biggestKolId: top(kolCommissions),
    groupCreatorId: groupCreator,
    groupMemberId: groupMember,
  };
}
