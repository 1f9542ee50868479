import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function tableErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'nimbus/table-stores')
    .map((m) => m.message);
}

const query = (body: string) =>
  `import { sql } from 'kysely';\nexport const q = (db: any) => ${body};\nexport const s = sql;\n`;

describe('one owner per table (TABLE_STORES in boundaries.js)', () => {
  test.each([
    ['a service reading orders', 'apps/api/src/orders/order-queries.ts', "db.selectFrom('orders')"],
    [
      'the console counting users',
      'apps/api/src/admin/overview/overview.ts',
      "db.selectFrom('users').selectAll()",
    ],
    [
      'a list joining orders under an alias',
      'apps/api/src/group-buy/member-routes.ts',
      "db.selectFrom('group_buy_orders as l').innerJoin('orders as o', 'o.id', 'l.order_id')",
    ],
    [
      'a module writing the users table',
      'apps/api/src/inviters/referral-bonus.ts',
      "db.updateTable('users').set({ devices_allowed: 9 })",
    ],
    [
      'raw SQL locking another module’s row',
      'apps/api/src/inviters/ledger.ts',
      'sql`select id from orders where id = ${1} for update`',
    ],
    [
      'a group-buy step querying a group table (its store names them)',
      'apps/api/src/group-buy/join-group.ts',
      "db.selectFrom('group_buy_members as m').innerJoin('group_buys as g', 'g.id', 'm.group_id')",
    ],
    [
      'a module of the folder naming a table another of its files stores',
      'apps/api/src/inviters/affiliate.ts',
      "db.selectFrom('kol_payouts').selectAll()",
    ],
    [
      'a table with no store',
      'apps/api/src/users/user-store.ts',
      "db.selectFrom('shiny_new_table')",
    ],
    [
      'a nested file of another module',
      'apps/api/src/orders/providers/stripe/stripe-provider.ts',
      "db.deleteFrom('users')",
    ],
  ])('%s fails lint', async (_name, filePath, body) => {
    expect(await tableErrors(filePath, query(body))).not.toEqual([]);
  });

  test.each([
    ['the order store', 'apps/api/src/orders/order-store.ts', "db.selectFrom('orders')"],
    [
      'each of the users table’s three stores',
      'apps/api/src/membership/membership-store.ts',
      "db.updateTable('users').set({ trial_used: 1 })",
    ],
    [
      'the group-buy store naming its tables',
      'apps/api/src/group-buy/store.ts',
      "db.selectFrom('group_buy_members as m').innerJoin('group_buys as g', 'g.id', 'm.group_id')",
    ],
    [
      'raw SQL in the store',
      'apps/api/src/orders/order-store.ts',
      'sql`select id from orders where id = ${1} for update`',
    ],
    [
      'a join of a store’s view',
      'apps/api/src/inviters/rewards-store.ts',
      "db.selectFrom('invitation_rewards as r').innerJoin(view.as('o'), 'o.id', 'r.order_id')",
    ],
    ['a migration', 'apps/api/src/db/migrations/0099-x.ts', "db.insertInto('orders')"],
    ['a server test', 'apps/api/test/x.test.ts', "db.selectFrom('orders')"],
  ])('%s passes', async (_name, filePath, body) => {
    expect(await tableErrors(filePath, query(body))).toEqual([]);
  });
});
