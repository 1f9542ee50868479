import type { KolApplicationFields, KolApplicationStatus } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { KolApplicationsTable } from '../db/schema.ts';

/** The kol_applications table: members' applications to the KOL programme. */

export type ApplicationRow = Selectable<KolApplicationsTable>;

export async function latestApplication(
  db: Db,
  userId: number,
): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('kol_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findApplication(db: Db, id: number): Promise<ApplicationRow | undefined> {
  return db.selectFrom('kol_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a pending application; the partial unique index refuses a second pending one. */
export async function insertApplication(
  trx: Db,
  userId: number,
  fields: KolApplicationFields,
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto('kol_applications')
    .values({
      user_id: userId,
      status: 'pending',
      links: JSON.stringify(fields.links),
      audience: fields.audience,
      wallet_network: fields.wallet.network,
      wallet_address: fields.wallet.address,
      submitted_at: now,
      decided_at: null,
      decided_by: null,
      decline_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records a decision on a pending application; false when it was no longer pending. */
export async function decideApplication(
  trx: Db,
  id: number,
  decision: { status: KolApplicationStatus; reason: string | null; by: string; now: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('kol_applications')
    .set({
      status: decision.status,
      decline_reason: decision.reason,
      decided_at: decision.now,
      decided_by: decision.by,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Applications in a state (all when null), oldest first: the operators' review queue. */
export async function listApplications(
  db: Db,
  status: KolApplicationStatus | null,
  limit: number,
): Promise<ApplicationRow[]> {
  let query = db
    .selectFrom('kol_applications')
    .selectAll()
    .orderBy('submitted_at')
    .orderBy('id')
    .limit(limit);
  if (status !== null) query = query.where('status', '=', status);
  return query.execute();
}

/**
 * A page of applications for the console: in one state (the pending queue oldest first, decided
 * ones newest first, by the status index) or all of them newest first, with the total.
 */
export async function applicationsPage(
  db: Db,
  status: KolApplicationStatus | null,
  page: { offset: number; limit: number },
): Promise<{ rows: ApplicationRow[]; total: number }> {
  let base = db.selectFrom('kol_applications');
  if (status !== null) base = base.where('status', '=', status);
  const order = status === 'pending' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(status === null ? 'id' : 'submitted_at', order)
      .orderBy('id', order)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const applicationLinks = (row: ApplicationRow): string[] =>
  JSON.parse(row.links) as string[];
