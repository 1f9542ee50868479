import type { Db } from '../db/database.ts';

/**
 * The `kol_accounts` table and the KOL flag of `users` (`is_kol`): who is (or was) a KOL and at
 * which first-purchase rate. A KOL account row stays when the flag is cleared, so commissions
 * already earned are still paid out. Both the referral bonus and the commission ask it (the
 * referral bonus goes to inviters who are not KOLs).
 */

/**
 * Users (not deleted) with their KOL state, the rate null when they never were a KOL: the query
 * for another module to narrow and join (the KOL dashboard reads it with the KOL's totals).
 */
export const kolStates = (db: Db) =>
  db
    .selectFrom('users')
    .leftJoin('kol_accounts', 'kol_accounts.user_id', 'users.id')
    .select(['users.id', 'users.invite_code', 'users.is_kol', 'kol_accounts.rate_percent'])
    .where('users.deleted_at', 'is', null);

/** A (not deleted) user with their KOL state: the rate is null when they never were a KOL. */
export async function findKolState(db: Db, userId: number) {
  return kolStates(db).where('users.id', '=', userId).executeTakeFirst();
}

/** The first-purchase rate of a user who is a KOL now; undefined for anyone else. */
export async function activeKolRate(db: Db, userId: number): Promise<number | undefined> {
  const kol = await db
    .selectFrom('kol_accounts')
    .innerJoin('users', 'users.id', 'kol_accounts.user_id')
    .select('kol_accounts.rate_percent')
    .where('users.id', '=', userId)
    .where('users.is_kol', '=', 1)
    .executeTakeFirst();
  return kol?.rate_percent;
}

/** Whether a user ever had a KOL account. */
export async function hadKolAccount(db: Db, userId: number): Promise<boolean> {
  const account = await db
    .selectFrom('kol_accounts')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return account !== undefined;
}

/** Every KOL, past or present (or one of them), with the names support knows them by. */
export async function listKolAccounts(db: Db, userId?: number) {
  let query = db
    .selectFrom('kol_accounts')
    .innerJoin('users', 'users.id', 'kol_accounts.user_id')
    .select([
      'users.id',
      'users.is_kol',
      'users.email',
      'users.phone',
      'users.username_display',
      'kol_accounts.rate_percent',
    ])
    .orderBy('users.id');
  if (userId !== undefined) query = query.where('users.id', '=', userId);
  return query.execute();
}

/** Gives a user a KOL account at a rate (or changes the rate) and sets the KOL flag. */
export async function saveKolRate(
  db: Db,
  userId: number,
  ratePercent: number,
  hadAccount: boolean,
  now: number,
): Promise<void> {
  if (!hadAccount) {
    await db
      .insertInto('kol_accounts')
      .values({ user_id: userId, rate_percent: ratePercent, created_at: now, updated_at: now })
      .execute();
  } else {
    await db
      .updateTable('kol_accounts')
      .set({ rate_percent: ratePercent, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }
  await setKolFlag(db, userId, true, now);
}

/** Sets or clears the KOL flag of a user. */
export async function setKolFlag(
  db: Db,
  userId: number,
  isKol: boolean,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_kol: isKol ? 1 : 0, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * KOL accounts of users not deleted (`k`, joined to their user row `u`), for the console to
 * narrow and page: the query, not yet its columns.
 */
export const kolAccounts = (db: Db) =>
  db
    .selectFrom('kol_accounts as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .where('u.deleted_at', 'is', null);
