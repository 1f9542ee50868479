import type { BenefitItem, BenefitOffer } from '@nimbus/api-sdk/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ServerSecret } from '../keys/server-secret.ts';
import { SecretBox } from '../security/secret-box.ts';

/**
 * The `benefits` table: the catalogue of shared accounts (streaming and the like) that yearly
 * members get. Passwords are sealed with AES-256-GCM under a key derived from the server
 * secret; the plaintext exists only in memory, on the way in from an operator and on the way
 * out to an entitled member. What operators may change, and its audit, is manage-benefits.ts.
 */

export function benefitSecrets(secret: ServerSecret): SecretBox {
  return new SecretBox(secret.derive('benefit-secret'));
}

/**
 * The password of one benefit is bound to its key: a sealed value moved to another row does not
 * open.
 */
const passwordContext = (key: string) => `benefit:${key}:password`;

export const sealBenefitPassword = (box: SecretBox, key: string, password: string): string =>
  box.seal(password, passwordContext(key));

/** A benefit as operators see it: everything but the password, and whether one is stored. */
export interface BenefitRecord {
  key: string;
  name: string;
  link: string;
  accountName: string;
  sortOrder: number;
  passwordSet: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface BenefitValues {
  name: string;
  link: string;
  account_name: string;
  sort_order: number;
  updated_at: number;
}

const ordered = (db: Db) => db.selectFrom('benefits').orderBy('sort_order').orderBy('id');

/** The row a change applies to (taken in the change's transaction). */
export async function findBenefitForChange(trx: Db, key: string) {
  return trx
    .selectFrom('benefits')
    .select(['id', 'sort_order'])
    .where('benefit_key', '=', key)
    .executeTakeFirst();
}

export async function insertBenefit(
  trx: Db,
  row: BenefitValues & { benefit_key: string; password_sealed: string; created_at: number },
): Promise<void> {
  await trx.insertInto('benefits').values(row).execute();
}

/** Changes a benefit's fields; its password only when a sealed one is given. */
export async function updateBenefit(
  trx: Db,
  id: number,
  values: BenefitValues & { password_sealed?: string },
): Promise<void> {
  await trx.updateTable('benefits').set(values).where('id', '=', id).execute();
}

/** Deletes a benefit; its name, or undefined when there was none with that key. */
export async function deleteBenefit(trx: Db, key: string): Promise<string | undefined> {
  const removed = await trx
    .deleteFrom('benefits')
    .where('benefit_key', '=', key)
    .returning(['name'])
    .executeTakeFirst();
  return removed?.name;
}

const recordColumns = (db: Db) =>
  ordered(db).select([
    'benefit_key',
    'name',
    'link',
    'account_name',
    'sort_order',
    'created_at',
    'updated_at',
    // Whether a password is stored, without reading the sealed value out of the database.
    sql<number>`case when password_sealed = '' then 0 else 1 end`.as('password_set'),
  ]);

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordColumns>['execute']>>[number];

const recordOf = (r: RecordRow): BenefitRecord => ({
  key: r.benefit_key,
  name: r.name,
  link: r.link,
  accountName: r.account_name,
  sortOrder: r.sort_order,
  passwordSet: Number(r.password_set) === 1,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** The catalogue in display order, one page of it (every benefit without a page). */
export async function benefitRecords(
  db: Db,
  page?: { offset: number; limit: number },
): Promise<{ items: BenefitRecord[]; total: number }> {
  const query = recordColumns(db);
  const rows = await (page ? query.offset(page.offset).limit(page.limit) : query).execute();
  const count = await db
    .selectFrom('benefits')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(recordOf), total: Number(count.n) };
}

export async function findBenefitRecord(db: Db, key: string): Promise<BenefitRecord | undefined> {
  const row = await recordColumns(db).where('benefit_key', '=', key).executeTakeFirst();
  return row && recordOf(row);
}

/** What yearly members get, without secrets (everyone may see the offer). */
export async function listBenefitOffers(db: Db): Promise<BenefitOffer[]> {
  const rows = await ordered(db).select(['benefit_key', 'name', 'link']).execute();
  return rows.map((r) => ({ benefitId: r.benefit_key, name: r.name, link: r.link }));
}

/** The benefits with their opened passwords, for an entitled member only. */
export async function listBenefitItems(db: Db, box: SecretBox): Promise<BenefitItem[]> {
  const rows = await ordered(db)
    .select(['benefit_key', 'name', 'link', 'account_name', 'password_sealed'])
    .execute();
  return rows.map((r) => ({
    benefitId: r.benefit_key,
    name: r.name,
    accountName: r.account_name,
    password: box.open(r.password_sealed, passwordContext(r.benefit_key)),
    link: r.link,
  }));
}
