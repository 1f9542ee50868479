// "Every list is paginated by index", checked at CI size: the scale seeder (bench/seed.ts, with
// foreign keys checked) fills this file's database with 4,000 users and 20,000 orders, then each
// list call runs as its user on a server built on it and every SELECT it ran is explained on the
// same database (after ANALYZE). No list query may read a big table in full. At this size a
// sequential scan is often the cheaper plan and PostgreSQL rightly picks it, so there the plans
// are asked with enable_seqscan off: a Seq Scan that remains means no index can serve the query.
// bench/scale.ts runs the same calls on millions of rows with the planner's own choices.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleListCalls, consoleSubjects } from '../../bench/console-list-queries.ts';
import {
  listCalls,
  listSubjects,
  planListCalls,
  type CallPlans,
} from '../../bench/list-queries.ts';
import { seedDatabase, type SeedResult } from '../../bench/seed.ts';
import { openDatabase } from '../../src/db/database.ts';
import { kolTotalsDrift, paidOrdersDrift } from '../../src/inviters/kol-totals-store.ts';
import { orderCountDrift } from '../../src/accounts/counts-store.ts';
import { DIALECT, tempDir, testConfig, testDatabase } from '../support/test-app.ts';

let seeded: SeedResult;
let plans: CallPlans[];
const config = testConfig();

beforeAll(async () => {
  // testDatabase marks this file's PostgreSQL schema for dropping when the file is done.
  await testDatabase(config).close();
  seeded = await seedDatabase({
    users: 4_000,
    orders: 20_000,
    commissions: 4_000,
    fast: false,
    ...(DIALECT === 'postgres'
      ? { databaseUrl: config.databaseUrl, schema: config.databaseSchema }
      : { sqlitePath: config.sqlitePath }),
  });
  const { subjects, operatorSubjects } = await (async () => {
    const db = openDatabase({ ...config, poolSize: 1 });
    try {
      return {
        subjects: await listSubjects(db.db, seeded),
        operatorSubjects: await consoleSubjects(db.db, seeded),
      };
    } finally {
      await db.close();
    }
  })();
  plans = await planListCalls({
    config,
    database: openDatabase({ ...config, poolSize: 2 }),
    keysDir: tempDir(),
    calls: [...listCalls(subjects), ...consoleListCalls(operatorSubjects)],
    seqScanOff: true,
  });
}, 180_000);

afterAll(() => {
  // PRINT_PLANS=1 shows what was checked.
  if (process.env.PRINT_PLANS === '1')
    for (const call of plans)
      console.log(
        `${call.call}\n${call.queries.map((q) => `  ${q.sql}\n    ${q.plan.join('\n    ')}`).join('\n')}`,
      );
});

describe(`list query plans (${DIALECT})`, () => {
  test('the seeder wrote the sizes asked for, with heavy users, a big KOL and group buys', () => {
    expect(seeded.rows.users).toBe(4_000);
    expect(seeded.rows.orders).toBe(20_000);
    expect(seeded.rows.kol_commissions).toBe(4_000);
    expect(seeded.rows.group_buys).toBeGreaterThan(50);
    expect(seeded.rows.group_buy_members).toBeGreaterThan(seeded.rows.group_buys ?? 0);
    expect(seeded.rows.devices).toBeGreaterThan(2_000);
  });

  test('each list call ran its list queries', () => {
    const tables: Record<string, RegExp> = {
      'order history': /from "orders"/,
      'KOL dashboard, commissions': /"kol_commissions"/,
      'KOL dashboard, settlements': /from "kol_payouts"/,
      'KOL dashboard, invitations': /"inviter_id"/,
      'groups created': /from "group_buys"/,
      'groups joined': /from "group_buy_members"/,
      'group orders': /from "group_buy_orders"/,
      'invitation records': /"inviter_id"/,
      'device list': /from "devices"/,
    };
    for (const call of plans.filter((p) => !p.call.startsWith('console: '))) {
      const [, pattern] =
        Object.entries(tables).find(([prefix]) => call.call.startsWith(prefix)) ?? [];
      expect(pattern, call.call).toBeDefined();
      expect(
        call.queries.some((q) => pattern?.test(q.sql)),
        `${call.call} ran no query on its table`,
      ).toBe(true);
    }
  });

  test('no list query reads a big table in full', () => {
    const scans = plans.flatMap((call) =>
      call.queries
        .filter((q) => q.fullScans.length > 0)
        .map(
          (q) =>
            `${call.call}: full scan of ${q.fullScans.join(', ')}\n  ${q.sql}\n  ${q.plan.join('\n  ')}`,
        ),
    );
    expect(scans, scans.join('\n\n')).toEqual([]);
  });

  test('the invitation tab pages through the (inviter, created_at) index', () => {
    const tab = plans.find((p) => p.call === 'KOL dashboard, invitations');
    const page = tab?.queries.find((q) => /"inviter_id"/.test(q.sql) && /limit/.test(q.sql));
    expect(page?.plan.join('\n')).toMatch(/users_inviter_created_idx/);
    if (DIALECT === 'sqlite') expect(page?.plan.join('\n')).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    // The page's ids from the index alone; only its invitees' rows are read (their paid orders).
    expect(page?.plan.join('\n')).toMatch(
      DIALECT === 'sqlite' ? /COVERING INDEX/ : /Index Only Scan/,
    );
    expect(tab?.queries.filter((q) => /from "orders"/.test(q.sql))).toEqual([]);
  });

  test('order history finds a page in the (user, created_at, id) index alone, then reads its rows', () => {
    const history = plans.filter((p) => p.call.startsWith('order history'));
    expect(history).toHaveLength(2);
    for (const call of history) {
      const page = call.queries.find((q) => /from "orders"/.test(q.sql) && /limit/.test(q.sql));
      const plan = page?.plan.join('\n') ?? '';
      expect(plan).toMatch(/orders_user_created_id_idx/);
      expect(plan).toMatch(DIALECT === 'sqlite' ? /COVERING INDEX/ : /Index Only Scan/);
      // The total is the user's kept order count, not counted per call.
      expect(call.queries.filter((q) => /count\(/i.test(q.sql))).toEqual([]);
    }
  });

  test('groups created and the settlement tab find a page in their (owner, time, id) index alone, then read its rows', () => {
    const lists = [
      ['groups created', 'group_buys', /group_buys_creator_created_id_idx/],
      ['KOL dashboard, settlements', 'kol_payouts', /kol_payouts_kol_paid_id_idx/],
    ] as const;
    for (const [name, table, index] of lists) {
      const calls = plans.filter((p) => p.call.startsWith(name));
      // Page 1 and the last page.
      expect(calls, name).toHaveLength(2);
      for (const call of calls) {
        const page = call.queries.find(
          (q) => q.sql.includes(`from "${table}"`) && /limit/.test(q.sql),
        );
        const plan = page?.plan.join('\n') ?? '';
        expect(plan, call.call).toMatch(index);
        expect(plan, call.call).toMatch(
          DIALECT === 'sqlite' ? /COVERING INDEX/ : /Index Only Scan/,
        );
        expect(plan, call.call).not.toMatch(DIALECT === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
      }
    }
  });

  test("the commission tab reads a page's line numbers from each table's (KOL, line) index", () => {
    const calls = plans.filter((p) => p.call.startsWith('KOL dashboard, commissions'));
    // Page 1 and the last page.
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      const page = call.queries.find((q) => /"line_no" >=/.test(q.sql));
      const plan = page?.plan.join('\n') ?? '';
      expect(plan, call.call).toMatch(/kol_commissions_line_idx/);
      // This seed's biggest KOL has a few dozen adjustments: PostgreSQL may as well take them
      // from the (KOL, time) index; SQLite and a bigger ledger use the (KOL, line) one.
      expect(plan, call.call).toMatch(
        DIALECT === 'sqlite' ? /kol_adjustments_line_idx/ : /kol_adjustments_(line|kol)_idx/,
      );
      // The unlisted lines' numbers come from an index alone.
      const gaps = call.queries.find((q) => /select "line_no" from "kol_commissions"/.test(q.sql));
      expect(gaps?.plan.join('\n'), call.call).toMatch(
        DIALECT === 'sqlite'
          ? /COVERING INDEX kol_commissions_gap_idx/
          : /Index Only Scan using kol_commissions_gap_idx/,
      );
      // Nothing counted: the total is the kept one.
      expect(call.queries.filter((q) => /count\(/i.test(q.sql))).toEqual([]);
    }
  });

  test('group orders reads the page from the link index and counts without joining', () => {
    const call = plans.find((p) => p.call === 'group orders');
    const count = call?.queries.find((q) => /count\(/.test(q.sql));
    expect(count?.sql).not.toMatch(/join/);
    const page = call?.queries.find((q) => /limit/.test(q.sql));
    expect(page?.plan.join('\n')).toMatch(/group_buy_orders_user_idx/);
  });

  test('the seeded running totals equal the ledger, and the dashboard reads them, not the ledger', async () => {
    const database = openDatabase({ ...config, poolSize: 1 });
    try {
      const { drift, checked } = await kolTotalsDrift(database.db, DIALECT);
      expect(checked).toBeGreaterThan(0);
      expect(drift).toEqual([]);
      expect(await paidOrdersDrift(database.db)).toEqual([]);
      expect(await orderCountDrift(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    const dashboard = plans.filter((p) => p.call.startsWith('KOL dashboard'));
    expect(dashboard).toHaveLength(6);
    for (const call of dashboard) {
      expect(call.queries.some((q) => /from "kol_totals"/.test(q.sql))).toBe(true);
      // No group-by of the ledger, no count over the invitees' orders. The one sum is of the
      // commissions still in their holding period, an index range of the summary index.
      expect(call.queries.filter((q) => /group by/i.test(q.sql))).toEqual([]);
      const sums = call.queries.filter((q) => /sum\(/i.test(q.sql));
      expect(sums, call.call).toHaveLength(1);
      expect(sums[0]?.sql).toMatch(/"payable_at" >/);
      expect(sums[0]?.plan.join('\n')).toMatch(/kol_commissions_summary_idx/);
      expect(sums[0]?.plan.join('\n')).not.toMatch(DIALECT === 'sqlite' ? /TEMP B-TREE/ : /Sort/);
      expect(call.queries.filter((q) => /count\(/i.test(q.sql))).toEqual([]);
    }
  });

  test('groups joined are paged and counted from the member index alone', () => {
    const call = plans.find((p) => p.call === 'groups joined');
    const queries = (call?.queries ?? []).filter((q) => /"group_buy_members"/.test(q.sql));
    const page = queries.find((q) => /limit/.test(q.sql));
    const count = queries.find((q) => /count\(/.test(q.sql));
    for (const q of [page, count]) {
      const plan = q?.plan.join('\n') ?? '';
      expect(plan).toMatch(/group_buy_members_user_role_idx/);
      expect(plan).toMatch(DIALECT === 'sqlite' ? /COVERING INDEX/ : /Index Only Scan/);
    }
    if (DIALECT === 'sqlite') expect(page?.plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  test('invitation records are paged from the (inviter, referral date) index, counted by the totals', () => {
    const call = plans.find((p) => p.call === 'invitation records');
    const page = call?.queries.find((q) => /limit/.test(q.sql));
    expect(page?.plan.join('\n')).toMatch(/users_inviter_referral_idx/);
    if (DIALECT === 'sqlite') expect(page?.plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    expect(call?.queries.filter((q) => /count\(/.test(q.sql))).toEqual([]);
  });
});

describe(`the console's list query plans (${DIALECT})`, () => {
  const consolePlans = () => plans.filter((p) => p.call.startsWith('console: '));

  test('the seeder wrote audit rows and redeem codes for the console', () => {
    expect(seeded.rows.audit_log).toBeGreaterThan(2_000);
    expect(seeded.rows.redeem_codes).toBeGreaterThanOrEqual(200);
  });

  test('each console list ran its list query on its table', () => {
    const tables: Record<string, RegExp> = {
      'console: users': /from "users"/,
      'console: orders': /from "orders"/,
      'console: audit': /from "audit_log"/,
      'console: redeem codes': /from "redeem_codes"/,
      'console: promo codes': /from "promo_codes"/,
      'console: group buys': /from "group_buys"/,
      'console: KOLs': /from "kol_accounts"/,
      'console: KOL applications': /from "kol_applications"/,
      'console: nodes': /from "nodes"/,
      'console: plans': /from "plans"/,
      'console: benefits': /from "benefits"/,
      'console: operators': /from "operators"/,
    };
    expect(consolePlans().length).toBeGreaterThan(20);
    for (const call of consolePlans()) {
      const [, pattern] =
        Object.entries(tables)
          .sort(([a], [b]) => b.length - a.length)
          .find(([prefix]) => call.call.startsWith(prefix)) ?? [];
      expect(pattern, call.call).toBeDefined();
      expect(
        call.queries.some((q) => pattern?.test(q.sql)),
        `${call.call} ran no query on its table`,
      ).toBe(true);
    }
  });

  test('every console total is counted up to the cap, never over the whole match', () => {
    const counts = consolePlans()
      .filter((p) => !/KOL applications|nodes|plans|benefits|operators/.test(p.call))
      .flatMap((p) => p.queries.filter((q) => /count\(/.test(q.sql)).map((q) => [p.call, q.sql]));
    expect(counts.length).toBeGreaterThan(20);
    for (const [call, sql] of counts) expect(sql, call).toMatch(/limit/);
  });

  test('orders and the audit log find a page in an index alone, then read its rows', () => {
    for (const call of consolePlans().filter((p) => /console: (orders|audit)/.test(p.call))) {
      const page = call.queries.find((q) => /limit/.test(q.sql) && !/count\(/.test(q.sql));
      const plan = page?.plan.join('\n') ?? '';
      // SQLite's rows are stored in id order: the whole log newest first walks the table itself.
      expect(plan, call.call).toMatch(
        DIALECT === 'sqlite'
          ? /COVERING INDEX|INTEGER PRIMARY KEY|^\s*SCAN audit_log$/m
          : /Index Only Scan/,
      );
      // No sort of the matches: at most the page's own rows are put in order.
      if (DIALECT === 'sqlite')
        expect(plan, call.call).not.toMatch(/CO-ROUTINE p\n(\s{2,}.*\n)*\s{2,}USE TEMP B-TREE/);
    }
  });

  test('group buys by state and by creator are read in index order, not sorted', () => {
    for (const name of ['console: group buys finished', 'console: group buys of a creator']) {
      const page = plans
        .find((p) => p.call === name)
        ?.queries.find((q) => /from "group_buys"/.test(q.sql) && /offset/.test(q.sql));
      expect(page?.plan.join('\n'), name).toMatch(
        /group_buys_state_idx|group_buys_creator_created_id_idx/,
      );
      // (PostgreSQL may still sort the creator's few groups here, a plan of this small size.)
      if (DIALECT === 'sqlite' || name.endsWith('finished')) expect(page?.sorts, name).toEqual([]);
    }
  });

  test("the KOL list reads the page's summaries in one read per table, not per row", () => {
    const call = plans.find((p) => p.call === 'console: KOLs');
    const totals = call?.queries.filter((q) => /from "kol_totals"/.test(q.sql)) ?? [];
    const held = call?.queries.filter((q) => /from "kol_commissions"/.test(q.sql)) ?? [];
    expect(totals).toHaveLength(1);
    expect(held).toHaveLength(1);
    expect(held[0]?.plan.join('\n')).toMatch(/kol_commissions_summary_idx/);
  });

  test("a filter matching most of a table counts from the page's index alone", () => {
    const lists = [
      ['console: group buys finished', 'group_buys', /group_buys_state_idx/],
      ['console: audit by actor', 'audit_log', /audit_log_actor_idx/],
    ] as const;
    for (const [name, table, index] of lists) {
      const count = plans
        .find((p) => p.call === name)
        ?.queries.find((q) => q.sql.includes(`from "${table}"`) && /count\(/.test(q.sql));
      const plan = count?.plan.join('\n') ?? '';
      expect(plan, name).toMatch(index);
      expect(plan, name).toMatch(DIALECT === 'sqlite' ? /COVERING INDEX/ : /Index Only Scan/);
    }
  });

  test('an actor and an action together are read from their own index', () => {
    const call = plans.find((p) => p.call === 'console: audit by actor and action');
    const queries = (call?.queries ?? []).filter((q) => /from "audit_log"/.test(q.sql));
    const page = queries.find((q) => /offset/.test(q.sql));
    const count = queries.find((q) => /count\(/.test(q.sql));
    for (const q of [page, count])
      expect(q?.plan.join('\n'), q?.sql).toMatch(/audit_log_actor_action_idx/);
  });

  test('redeem codes by prefix are found by the code index', () => {
    const call = plans.find((p) => p.call === 'console: redeem codes by prefix');
    const page = call?.queries.find(
      (q) => /from "redeem_codes"/.test(q.sql) && /limit/.test(q.sql),
    );
    expect(page?.plan.join('\n')).toMatch(/redeem_codes_code_key|sqlite_autoindex_redeem_codes/);
  });
});
