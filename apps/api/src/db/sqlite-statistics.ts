import { sql, type Kysely } from 'kysely';

/**
 * SQLite plans by `sqlite_stat1` once ANALYZE has run on a database (the scale seed runs it; an
 * operator may). An index made later, by a migration, has no row there, and the planner then
 * takes it for a very selective one: after migration 0027 it read the `system` actor's audit
 * rows from the new (actor, action, id) index and sorted a million ids for one page (304 ms,
 * against 2 ms from (actor, id)). So on every start, the tables that have statistics but an
 * index without them are analysed again (partial indexes are left out, and so are tables that
 * were empty when analysed: an index that held no row got no statistics). On a database never
 * analysed nothing is done: the planner's defaults treat every index alike. Returns the tables
 * analysed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function analyzeUnmeasuredIndexes(db: Kysely<any>): Promise<string[]> {
  const { rows: stat } = await sql<{ n: number }>`
    select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'
  `.execute(db);
  if (Number(stat[0]?.n ?? 0) === 0) return [];
  const { rows } = await sql<{ tbl: string }>`
    select distinct m.tbl_name as tbl
    from sqlite_master m
    where m.type = 'index'
      and (m.sql is null or m.sql not like '% where %')
      and m.tbl_name in (
        select tbl from sqlite_stat1 where idx is not null and cast(stat as integer) > 0
      )
      and m.name not in (select idx from sqlite_stat1 where idx is not null)
    order by m.tbl_name
  `.execute(db);
  for (const { tbl } of rows) await sql`analyze ${sql.id(tbl)}`.execute(db);
  return rows.map((r) => r.tbl);
}
