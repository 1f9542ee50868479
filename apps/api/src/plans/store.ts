import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PlansTable } from '../db/schema.ts';

/**
 * The `plans` table: the shop reads the active plans through PlanCatalogue (catalogue.ts),
 * operations change them (`pnpm ops plans`); both through here.
 */

export type PlanRow = Selectable<PlansTable>;

/** Every plan, active or not, or only the active ones, in the shop's order. */
export async function listPlans(db: Db, only: 'all' | 'active'): Promise<PlanRow[]> {
  let query = db.selectFrom('plans').selectAll();
  if (only === 'active') query = query.where('active', '=', 1);
  return query.orderBy('sort_order').orderBy('id').execute();
}

export async function findPlanById(db: Db, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The quota columns of a plan (undefined: no such plan). */
export async function findPlanQuota(
  db: Db,
  id: number,
): Promise<Pick<PlanRow, 'quota_gb' | 'quota_reset'> | undefined> {
  return db
    .selectFrom('plans')
    .select(['quota_gb', 'quota_reset'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of these plan ids exist. */
export async function knownPlanIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('plans').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The id after the highest one (plan ids are chosen, not generated). */
export async function nextPlanId(db: Db): Promise<number> {
  const max = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  return Number(max.m ?? 0) + 1;
}

export async function insertPlan(db: Db, plan: PlanRow): Promise<void> {
  await db.insertInto('plans').values(plan).execute();
}

export async function updatePlan(
  db: Db,
  id: number,
  changes: Omit<Updateable<PlansTable>, 'id'>,
): Promise<void> {
  await db.updateTable('plans').set(changes).where('id', '=', id).execute();
}

/** The currencies the active plans are sold in. */
export async function activePlanCurrencies(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('plans')
    .select('currency')
    .where('active', '=', 1)
    .distinct()
    .execute();
  return rows.map((p) => p.currency);
}

/** One page of the plans in the shop's order, optionally only the active or withdrawn ones. */
export async function pagePlans(
  db: Db,
  filter: { active?: boolean },
  page: { offset: number; limit: number },
): Promise<{ rows: PlanRow[]; total: number }> {
  let base = db.selectFrom('plans');
  if (filter.active !== undefined) base = base.where('active', '=', filter.active ? 1 : 0);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('sort_order')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
