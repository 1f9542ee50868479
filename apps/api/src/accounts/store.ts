import { randomBytes } from 'node:crypto';
import {
  INVITE_CODE_GENERATED_LENGTH,
  inviteCodeFromRandomBytes,
  type Membership,
} from '@nimbus/domain';
import { sql, type Insertable } from 'kysely';
import { withCappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { deferredPage } from '../db/deferred-page.ts';
import { dayNumber } from '../db/day-number.ts';
import { startsWith } from '../db/prefix-pattern.ts';
import type { DialectName } from '../db/dialect.ts';
import type { UserAttributionTable, UsersTable } from '../db/schema.ts';
import type { AccountName } from './account-name.ts';

/**
 * The `users` table's account columns: who a user is, how they sign in and their switches; who
 * invited them is accounts/invitees-store.ts, the order counts accounts/counts-store.ts. The
 * membership columns are read and written by membership/membership-store.ts and the KOL flag by
 * inviters/kol-store.ts; every other module goes through these stores.
 */

export async function findUserByAccount(db: Db, account: Pick<AccountName, 'column' | 'key'>) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(account.column, '=', account.key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A user by id or account column, deleted ones included (the operator's lookup). */
export async function findAnyUser(
  db: Db,
  by: { column: 'id'; key: number } | Pick<AccountName, 'column' | 'key'>,
) {
  const query = db.selectFrom('users').selectAll();
  return (
    by.column === 'id' ? query.where('id', '=', by.key) : query.where(by.column, '=', by.key)
  ).executeTakeFirst();
}

/** The user an invite code belongs to (not deleted). */
export async function findUserByInviteCode(db: Db, inviteCode: string) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('invite_code', '=', inviteCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether any account (deleted ones keep their row, not their names) uses this name. */
export async function accountTaken(
  db: Db,
  account: Pick<AccountName, 'column' | 'key'>,
): Promise<boolean> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(account.column, '=', account.key)
    .executeTakeFirst();
  return taken !== undefined;
}

/** Sign-ups since `since`, per UTC day number (days without any are left out). */
export async function signupsByDay(db: Db, since: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select([dayNumber('created_at').as('d'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(dayNumber('created_at'))
    .execute();
  return new Map(rows.map((r) => [Number(r.d), Number(r.n)]));
}

const SUMMARY_COLUMNS = [
  'id',
  'email',
  'phone',
  'username_display',
  'invite_code',
  'created_at',
  'standard_expires_at',
  'lite_expires_at',
  'suspended_at',
  'suspension_reason',
  'deleted_at',
] as const;

/** What support sees of an account in a list (membership expiries included). */
export interface AccountSummaryRow {
  id: number;
  email: string | null;
  phone: string | null;
  username_display: string | null;
  invite_code: string;
  created_at: number;
  standard_expires_at: number | null;
  lite_expires_at: number | null;
  suspended_at: number | null;
  suspension_reason: string | null;
  deleted_at: number | null;
}

/** Which accounts a search names: one unique column's value, or a username or invite code. */
export type AccountCondition =
  | { column: 'id'; value: number }
  | { column: 'email' | 'phone'; value: string }
  | { either: [username: string, inviteCode: string] }
  /** E-mail addresses that start with this (lower-case), listed in address order. */
  | { emailPrefix: string };

/**
 * A page of accounts, newest first (by address for an e-mail prefix), deleted ones included: all
 * of them, or those the condition names, optionally only suspended ones; with how many match,
 * counted up to the console's cap (db/capped-count.ts). Each filter is answered by an index; the
 * page's ids are read first (from the primary key's index alone for the whole list) and only the
 * page's rows then (a deferred join), so a deep page skips the earlier ones inside the index.
 */
export async function searchAccounts(
  db: Db,
  filter: { condition?: AccountCondition | undefined; suspendedOnly: boolean },
  page: { offset: number; limit: number },
): Promise<{ rows: AccountSummaryRow[]; total: number; totalCapped: boolean }> {
  const { condition } = filter;
  let base = db.selectFrom('users');
  if (condition && 'either' in condition) {
    const [username, invite] = condition.either;
    base = base.where((eb) =>
      eb.or([eb('username', '=', username), eb('invite_code', '=', invite)]),
    );
  } else if (condition && 'emailPrefix' in condition) {
    base = base.where(startsWith('email', condition.emailPrefix));
  } else if (condition?.column === 'id') {
    base = base.where('id', '=', condition.value);
  } else if (condition) {
    base = base.where(condition.column, '=', condition.value);
  }
  if (filter.suspendedOnly) base = base.where('suspended_at', 'is not', null);
  const columns = SUMMARY_COLUMNS.map((c) => `u.${c}` as const);
  const pageRows =
    condition && 'emailPrefix' in condition
      ? deferredPage(db, base.select(['id', 'email']), { asc: ['email'] }, page)
      : deferredPage(db, base.select('id'), { desc: ['id'] }, page);
  return withCappedCount(
    db,
    base,
    pageRows.innerJoin('users as u', 'u.id', 'p.id').select(columns).execute(),
  );
}

/** One account's summary columns, deleted or not. */
export async function accountSummaryById(
  db: Db,
  userId: number,
): Promise<AccountSummaryRow | undefined> {
  return db.selectFrom('users').select(SUMMARY_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** The names by which support recognises users, by id. */
export async function contactsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, never>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'username_display'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface NewUser {
  /** Absent for a trial account (no name yet). */
  account?: Pick<AccountName, 'column' | 'key' | 'display'>;
  passwordHash: string;
  language: string;
  inviteCode: string;
  inviterId: number | null;
}

/** Inserts a user without membership and answers its id. */
export async function insertUser(db: Db, user: NewUser, now: number): Promise<number> {
  const { account } = user;
  const created = await db
    .insertInto('users')
    .values({
      username: account?.column === 'username' ? account.key : null,
      username_display: account?.column === 'username' ? account.display : null,
      email: account?.column === 'email' ? account.key : null,
      phone: account?.column === 'phone' ? account.key : null,
      password_hash: user.passwordHash,
      language: user.language,
      invite_code: user.inviteCode,
      inviter_id: user.inviterId,
      referral_date: user.inviterId === null ? null : now,
      standard_expires_at: null,
      lite_expires_at: null,
      benefits_expires_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * Gives a trial account (no name yet) its name and password; false when it has a name already
 * (two racing calls: one wins). A name someone else holds fails on the unique index.
 */
export async function nameTrialAccount(
  db: Db,
  userId: number,
  account: Pick<AccountName, 'column' | 'key' | 'display'>,
  passwordHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      username: account.column === 'username' ? account.key : null,
      username_display: account.column === 'username' ? account.display : null,
      email: account.column === 'email' ? account.key : null,
      password_hash: passwordHash,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('username', 'is', null)
    .where('email', 'is', null)
    .where('phone', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Changes the account columns named (password, language, the third-party switch, the
 * suspension).
 */
export async function updateAccount(
  db: Db,
  userId: number,
  change: {
    passwordHash?: string;
    language?: string;
    thirdPartyEnabled?: boolean;
    /** A suspension (since when, the reason the member sees), or null to lift it. */
    suspension?: { at: number; reason: string } | null;
  },
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(change.suspension === undefined
        ? {}
        : {
            suspended_at: change.suspension?.at ?? null,
            suspension_reason: change.suspension?.reason ?? null,
          }),
      ...(change.passwordHash === undefined ? {} : { password_hash: change.passwordHash }),
      ...(change.language === undefined ? {} : { language: change.language }),
      ...(change.thirdPartyEnabled === undefined
        ? {}
        : { third_party_enabled: change.thirdPartyEnabled ? 1 : 0 }),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets an account's sign-in e-mail or phone (already validated and normalised); one another
 * account holds fails on the unique index.
 */
export async function setContact(
  db: Db,
  userId: number,
  contact: { column: 'email' | 'phone'; key: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set(
      contact.column === 'email'
        ? { email: contact.key, updated_at: now }
        : { phone: contact.key, updated_at: now },
    )
    .where('id', '=', userId)
    .execute();
}

/** Where a new user came from (ad click ids, referrer), kept with the account. */
export async function insertAttribution(
  db: Db,
  row: Insertable<UserAttributionTable>,
): Promise<void> {
  await db.insertInto('user_attribution').values(row).execute();
}

/**
 * Erases a user's personal data from the row, which stays (anonymised and marked deleted) so
 * orders and commissions that point at it stay consistent for accounting; its attribution goes.
 */
export async function eraseAccount(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username: null,
      username_display: null,
      email: null,
      phone: null,
      // Not a PHC string: no password ever verifies against it.
      password_hash: '!deleted',
      // Invite codes never contain 0, so this one cannot collide with a real code or be guessed
      // into use.
      invite_code: `0${userId.toString(36).toUpperCase()}`,
      updated_at: now,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('user_attribution').where('user_id', '=', userId).execute();
}

export function membershipOf(user: {
  standard_expires_at: number | null;
  lite_expires_at: number | null;
}): Membership {
  return { standardExpiresAt: user.standard_expires_at, liteExpiresAt: user.lite_expires_at };
}

/** A fresh invite code not used by anyone yet (the unique index is the final judge). */
export async function newInviteCode(db: Db): Promise<string> {
  for (;;) {
    const code = inviteCodeFromRandomBytes(randomBytes(INVITE_CODE_GENERATED_LENGTH));
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('invite_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

/**
 * Serialises writers of one user's rows inside a transaction: SELECT ... FOR UPDATE on
 * PostgreSQL; SQLite transactions already run one at a time.
 */
export async function lockUser(trx: Db, dialect: DialectName, userId: number): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select id from users where id = ${userId} for update`.execute(trx);
  }
}

/**
 * Locks several users' rows in ascending id order, before anything else the transaction locks:
 * the one order in which transactions take more than one user (docs/architecture.md, "Row locks,
 * one order"), so two that share users never wait on each other in opposite order. A later
 * lockUser of one of them is then free.
 */
export async function lockUsers(
  trx: Db,
  dialect: DialectName,
  userIds: Iterable<number>,
): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b)) await lockUser(trx, dialect, id);
}

/** Which unique column a write collided on (users.email, users.username, ...), if any. */
export function uniqueViolationColumn(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
  if (e.code === '23505') return `${String(e.constraint ?? '')} ${String(e.detail ?? '')}`;
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT'))
    return String(e.message ?? '');
  return undefined;
}

/**
 * The users table for another module's list to join (`.innerJoin(userColumns(db, [...]).as('u'),
 * 'u.id', ...)`): only the columns named, so the table is still read through the user stores
 * alone. The database inlines the subquery (same plan as joining the table).
 */
export function userColumns<C extends keyof UsersTable & string>(db: Db, columns: readonly C[]) {
  return db.selectFrom('users').select(columns);
}

/** The newest write time of any user row, as a subquery (the node feed's change check). */
export function usersWrittenAt(db: Db) {
  return db.selectFrom('users').select((eb) => eb.fn.max('updated_at').as('v'));
}

/** The ids of users whose row was written at or after `since`, as a query (by the write-time index). */
export function usersWrittenSince(db: Db, since: number) {
  return db.selectFrom('users').select('id as user_id').where('updated_at', '>=', since);
}
