// The list calls of the API and the plans of the queries they really run. The server is built
// in-process on the given database with a Kysely plugin that records every compiled query; each
// list call is made over fastify.inject as a signed-in user, and every SELECT it ran is then
// explained on the same database (SQLite `EXPLAIN QUERY PLAN`, PostgreSQL `EXPLAIN (FORMAT JSON)`
// with the same parameters), so the plans are those of the handlers' own SQL, not a copy of it.
// Used by bench/scale.ts (millions of rows) and test/list-query-plans.test.ts (CI size).
import { adminEndpoints, endpoints, type EndpointName } from '@nimbus/api-sdk/contract';
import { CommissionState } from '@nimbus/domain';
import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle, Db } from '../src/db/database.ts';
import { MemberRole, MemberStatus } from '../src/group-buy/groups.ts';
import type { Config } from '../src/config/env.ts';
import { loadPlatformKeys } from '../src/keys/platform-keys.ts';
import { loadServerSecret } from '../src/keys/server-secret.ts';
import { benchOperatorToken, type ConsoleListCall } from './console-list-queries.ts';

/** Tables that grow with users and orders: a full scan of one of them is a finding. */
export const BIG_TABLES = [
  'users',
  'orders',
  'devices',
  'sessions',
  'kol_commissions',
  'kol_adjustments',
  'kol_payouts',
  'group_buys',
  'group_buy_members',
  'group_buy_orders',
  'invitation_rewards',
  'audit_log',
] as const;

export interface MemberListCall {
  /** What the report calls it. */
  name: string;
  endpoint: EndpointName;
  body: Record<string, unknown>;
  /** The signed-in user making the call. */
  userId: number;
}

export type { ConsoleListCall };
export type ListCall = MemberListCall | ConsoleListCall;

/** The call's path under /v4. */
export const callPath = (call: ListCall): string =>
  'adminEndpoint' in call ? adminEndpoints[call.adminEndpoint].path : endpoints[call.endpoint].path;

export interface QueryPlan {
  sql: string;
  /** The plan, one line per step (indented by depth). */
  plan: string[];
  /** Big tables read in full (no index). */
  fullScans: string[];
  /** Sorts the database does itself (a temp B-tree or a Sort node), with what it sorts. */
  sorts: string[];
}

/**
 * A query with a LIMIT, no WHERE and no sort in its plan walks a table or index in order and stops
 * at the limit (the console's unfiltered lists, newest first, and their capped counts): its scan
 * reads at most that many rows, so it is not a full scan.
 */
const boundedWalk = (sql: string, sorts: readonly string[]) =>
  /\blimit\b/i.test(sql) && !/\bwhere\b/i.test(sql) && sorts.length === 0;

export interface CallPlans {
  call: string;
  queries: QueryPlan[];
}

interface Captured {
  sql: string;
  parameters: readonly unknown[];
  queryId?: QueryId;
  ran?: boolean;
}

/**
 * Records the compiled SQL and parameters of every query run through the Kysely it is added to.
 * Subqueries pass through transformQuery too when they are built; only queries that returned a
 * result (transformResult) count as run.
 */
function recorder(
  compile: (node: RootOperationNode, queryId: QueryId) => CompiledQuery,
  into: Captured[],
): KyselyPlugin {
  return {
    transformQuery(args) {
      const compiled = compile(args.node, args.queryId);
      into.push({ sql: compiled.sql, parameters: compiled.parameters, queryId: args.queryId });
      return args.node;
    },
    transformResult(args) {
      for (const q of into) if (q.queryId === args.queryId) q.ran = true;
      return Promise.resolve(args.result);
    },
  };
}

const aliasesOf = (sql: string): Map<string, string> => {
  const map = new Map<string, string>();
  for (const m of sql.matchAll(/"(\w+)"\s+as\s+"(\w+)"/gi)) map.set(m[2] ?? '', m[1] ?? '');
  return map;
};

async function explainSqlite(database: DatabaseHandle, query: Captured): Promise<QueryPlan> {
  const result = await database.db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  const depth = new Map<number, number>([[0, -1]]);
  const plan: string[] = [];
  const fullScans: string[] = [];
  const sorts: string[] = [];
  const aliases = aliasesOf(query.sql);
  for (const row of result.rows) {
    const d = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, d);
    plan.push(`${'  '.repeat(d)}${row.detail}`);
    // "SCAN orders", "SCAN orders AS o", "SCAN o USING COVERING INDEX x": a pass over the whole
    // table or one of its indexes (a lookup is "SEARCH").
    const scan = /^SCAN (\w+)(?: AS (\w+))?(?: |$)/.exec(row.detail);
    if (scan) {
      const table = aliases.get(scan[1] ?? '') ?? scan[1] ?? '';
      if ((BIG_TABLES as readonly string[]).includes(table)) fullScans.push(table);
    }
    if (/USE TEMP B-TREE/.test(row.detail)) sorts.push(row.detail);
  }
  return {
    sql: query.sql,
    plan,
    fullScans: boundedWalk(query.sql, sorts) ? [] : fullScans,
    sorts,
  };
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  'Plan Rows'?: number;
  Plans?: PgNode[];
}

async function explainPostgres(
  database: DatabaseHandle,
  query: Captured,
  seqScanOff: boolean,
): Promise<QueryPlan> {
  const result = await database.db.transaction().execute(async (trx) => {
    // Off, a sequential scan is only chosen where no index can serve the query at all.
    if (seqScanOff) await sql`set local enable_seqscan = off`.execute(trx);
    return trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
  });
  const root = result.rows[0]?.['QUERY PLAN'][0].Plan;
  const plan: string[] = [];
  const fullScans: string[] = [];
  const sorts: string[] = [];
  const walk = (node: PgNode, d: number) => {
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const key = node['Sort Key'] ? ` by ${node['Sort Key'].join(', ')}` : '';
    plan.push(
      `${'  '.repeat(d)}${node['Node Type']}${using}${on}${key} (rows ${node['Plan Rows'] ?? '?'})`,
    );
    if (
      node['Node Type'] === 'Seq Scan' &&
      node['Relation Name'] &&
      (BIG_TABLES as readonly string[]).includes(node['Relation Name'])
    )
      fullScans.push(node['Relation Name']);
    if (/Sort$/.test(node['Node Type']))
      sorts.push(`${node['Node Type']}${key} (~${node['Plan Rows'] ?? '?'} rows)`);
    for (const child of node.Plans ?? []) walk(child, d + 1);
  };
  if (root) walk(root, 0);
  return {
    sql: query.sql,
    plan,
    fullScans: boundedWalk(query.sql, sorts) ? [] : fullScans,
    sorts,
  };
}

/**
 * Explains one captured query on its dialect. `seqScanOff` (PostgreSQL) asks whether an index
 * can serve the query rather than which plan the planner prefers at this size: on a small table
 * a sequential scan is cheaper and rightly chosen, so the CI-size test turns it off.
 */
export function explain(
  database: DatabaseHandle,
  query: Captured,
  seqScanOff = false,
): Promise<QueryPlan> {
  return database.dialect === 'postgres'
    ? explainPostgres(database, query, seqScanOff)
    : explainSqlite(database, query);
}

/**
 * Makes each call as its user on a server built on `database` and explains every SELECT it ran.
 * The server (and so the database) is closed at the end. Calls that fail throw.
 */
export async function planListCalls(options: {
  config: Config;
  database: DatabaseHandle;
  keysDir: string;
  calls: readonly ListCall[];
  seqScanOff?: boolean;
}): Promise<CallPlans[]> {
  const { config, database, calls } = options;
  const captured: Captured[] = [];
  const compile = (node: RootOperationNode, queryId: QueryId) =>
    database.db.getExecutor().compileQuery(node, queryId);
  const recording: DatabaseHandle = {
    ...database,
    db: database.db.withPlugin(recorder(compile, captured)),
  };
  const app = await buildApp({
    config,
    database: recording,
    pruneIntervalMs: 0,
    jobIntervalMs: 0,
    keys: await loadPlatformKeys(options.keysDir, {}),
    secret: await loadServerSecret(config.dataDir, undefined),
  });
  try {
    await app.ready();
    const tokens = new Map<number, string>();
    const now = Date.now();
    for (const call of calls) {
      if ('userId' in call && !tokens.has(call.userId))
        tokens.set(call.userId, await app.services.sessions.create(call.userId, null, now));
    }
    const operatorToken = calls.some((call) => 'adminEndpoint' in call)
      ? await benchOperatorToken(database.db, now)
      : '';
    const report: CallPlans[] = [];
    for (const call of calls) {
      captured.length = 0;
      const res = await app.inject({
        method: 'POST',
        url: `/v4${callPath(call)}`,
        payload: call.body,
        headers: {
          'content-type': 'application/json',
          language: 'en',
          platform: 'windows',
          authorization: 'userId' in call ? (tokens.get(call.userId) ?? '') : operatorToken,
        },
      });
      const envelope = res.json<{ code: number; msg: string }>();
      if (envelope.code !== 200) throw new Error(`${call.name}: ${envelope.code} ${envelope.msg}`);
      // The session lookup and its refresh are the same for every call (a member's or an
      // operator's); the list queries follow it.
      const selects = captured.filter(
        (q) =>
          q.ran === true &&
          /^\s*(select|with)\b/i.test(q.sql) &&
          !/from "(sessions|operator_sessions)"|from "operators" where "id" = /.test(q.sql),
      );
      const queries: QueryPlan[] = [];
      for (const q of selects)
        queries.push(await explain(database, q, options.seqScanOff ?? false));
      report.push({ call: call.name, queries });
    }
    return report;
  } finally {
    await app.close();
  }
}

/** The users the seeder marked (bench/seed.ts's SeedResult). */
export interface MarkedUsers {
  heaviestUserId: number;
  biggestKolId: number;
  groupCreatorId: number;
  groupMemberId: number;
}

/**
 * Who calls each list with the most rows, and how many rows each of those lists holds (counted
 * from the tables, not from any running total): where the last page of each is.
 */
export interface ListSubjects extends MarkedUsers {
  /** The KOL with the most payouts (the settlement tab). */
  payoutKolId: number;
  /** Of the group creator and member, the one with more group orders. */
  groupOrderUserId: number;
  rows: {
    orders: number;
    commissionLines: number;
    payouts: number;
    invitees: number;
    groupsCreated: number;
    groupsJoined: number;
    groupOrders: number;
  };
}

export async function listSubjects(db: Db, users: MarkedUsers): Promise<ListSubjects> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const n = sql<number>`count(*)`.as('n');
  const topPayouts = await db
    .selectFrom('kol_payouts')
    .select(['kol_id', n])
    .groupBy('kol_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('kol_id')
    .limit(1)
    .executeTakeFirst();
  const payoutKolId = topPayouts?.kol_id ?? users.biggestKolId;
  const groupOrdersOf = (userId: number) =>
    count(db.selectFrom('group_buy_orders').select(n).where('user_id', '=', userId));
  const [creatorOrders, memberOrders] = [
    await groupOrdersOf(users.groupCreatorId),
    await groupOrdersOf(users.groupMemberId),
  ];
  const kol = users.biggestKolId;
  const commissions = await count(
    db
      .selectFrom('kol_commissions')
      .select(n)
      .where('kol_id', '=', kol)
      .where((eb) =>
        eb.or([eb('state', '!=', CommissionState.CLAWED_BACK), eb('settled_at', 'is not', null)]),
      ),
  );
  const adjustments = await count(
    db.selectFrom('kol_adjustments').select(n).where('kol_id', '=', kol),
  );
  return {
    ...users,
    payoutKolId,
    groupOrderUserId: memberOrders > creatorOrders ? users.groupMemberId : users.groupCreatorId,
    rows: {
      orders: await count(
        db.selectFrom('orders').select(n).where('user_id', '=', users.heaviestUserId),
      ),
      commissionLines: commissions + adjustments,
      payouts: Number(topPayouts?.n ?? 0),
      invitees: await count(db.selectFrom('users').select(n).where('inviter_id', '=', kol)),
      groupsCreated: await count(
        db.selectFrom('group_buys').select(n).where('creator_id', '=', users.groupCreatorId),
      ),
      groupsJoined: await count(
        db
          .selectFrom('group_buy_members')
          .select(n)
          .where('user_id', '=', users.groupMemberId)
          .where('role', '=', MemberRole.MEMBER)
          .where('status', '!=', MemberStatus.RELEASED),
      ),
      groupOrders: Math.max(creatorOrders, memberOrders),
    },
  };
}

/** The last page of `rows` at 20 a page (at least page 2). */
export const lastPage = (rows: number): number => Math.max(2, Math.ceil(rows / 20));

/**
 * The member and KOL list calls, each as its heaviest caller, on page 1 and on its last page
 * (order history, KOL dashboard tabs, group lists, invitation records; the device list has no
 * pages).
 */
export function listCalls(subjects: ListSubjects): ListCall[] {
  const s = subjects;
  const paged = (
    name: string,
    endpoint: EndpointName,
    userId: number,
    rows: number,
    extra: Record<string, unknown> = {},
  ): ListCall[] => [
    { name, endpoint, body: { ...extra, page: 1, pageSize: 20 }, userId },
    {
      name: `${name}, page ${lastPage(rows)}`,
      endpoint,
      body: { ...extra, page: lastPage(rows), pageSize: 20 },
      userId,
    },
  ];
  return [
    ...paged('order history', 'paymentOrder', s.heaviestUserId, s.rows.orders),
    ...paged(
      'KOL dashboard, commissions',
      'systemAffiliate',
      s.biggestKolId,
      s.rows.commissionLines,
      {
        tab: 'commission',
      },
    ),
    ...paged('KOL dashboard, settlements', 'systemAffiliate', s.payoutKolId, s.rows.payouts, {
      tab: 'settlement',
    }),
    ...paged('KOL dashboard, invitations', 'systemAffiliate', s.biggestKolId, s.rows.invitees, {
      tab: 'invitation',
    }),
    ...paged(
      'groups created',
      'paymentJointPurchaseCreated',
      s.groupCreatorId,
      s.rows.groupsCreated,
    ),
    ...paged(
      'groups joined',
      'paymentJointPurchaseParticipated',
      s.groupMemberId,
      s.rows.groupsJoined,
    ),
    ...paged('group orders', 'paymentJointOrder', s.groupOrderUserId, s.rows.groupOrders),
    ...paged('invitation records', 'systemInvitationRecords', s.biggestKolId, s.rows.invitees),
    { name: 'device list', endpoint: 'userGetDeviceList', body: {}, userId: s.heaviestUserId },
  ];
}
