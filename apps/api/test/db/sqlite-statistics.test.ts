// SQLite's statistics after a migration: an index made after ANALYZE has no statistics and the
// planner then over-rates it (the audit log's actor filter sorted every matching id through the
// new (actor, action, id) index). Starting the server analyses such tables again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { analyzeUnmeasuredIndexes } from '../../src/db/sqlite-statistics.ts';
import { DIALECT, testConfig, testDatabase } from '../support/test-app.ts';

const config = testConfig();
let database: DatabaseHandle;

const actorPage = sql`select id from audit_log where actor = 'system' order by id desc limit 20`;
const plan = async () =>
  (await sql<{ detail: string }>`explain query plan ${actorPage}`.execute(database.db)).rows
    .map((r) => r.detail)
    .join('\n');
const statsOf = async (index: string) =>
  (
    await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = ${index}`.execute(
      database.db,
    )
  ).rows;

describe.runIf(DIALECT === 'sqlite')('statistics of indexes made after ANALYZE', () => {
  beforeAll(async () => {
    database = testDatabase(config);
    await database.migrate();
    // Mostly the server's own rows, as in a real log: a few actions, many rows each.
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000)
      insert into audit_log (actor, action, subject_type, subject_id, data, at)
      select case when i % 10 = 0 then 'operator:1' else 'system' end,
             case i % 3 when 0 then 'order.paid' when 1 then 'user.registered' else 'kol.settled' end,
             'user', cast(i as text), '{}', i
      from n
    `.execute(database.db);
  });
  afterAll(() => database.close());

  test('a database never analysed is left to the planner defaults', async () => {
    expect(await analyzeUnmeasuredIndexes(database.db)).toEqual([]);
  });

  test('an index without statistics gets them on the next start, and the page needs no sort', async () => {
    // The statistics taken before migration 0027's index existed, then the index made (as
    // migrating an analysed database does).
    await sql`drop index audit_log_actor_action_idx`.execute(database.db);
    await sql`analyze`.execute(database.db);
    await sql`create index audit_log_actor_action_idx on audit_log (actor, action, id)`.execute(
      database.db,
    );
    expect(await plan()).toMatch(/TEMP B-TREE FOR ORDER BY/);

    await database.migrate();

    expect(await statsOf('audit_log_actor_action_idx')).toHaveLength(1);
    expect(await plan()).toMatch(/COVERING INDEX audit_log_actor_idx/);
    expect(await plan()).not.toMatch(/TEMP B-TREE/);
    // Nothing left to measure: a later start analyses nothing.
    expect(await analyzeUnmeasuredIndexes(database.db)).toEqual([]);
  });
});
