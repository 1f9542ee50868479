import { randomBytes } from 'node:crypto';
import {
  INVITE_CODE_GENERATED_LENGTH,
  inviteCodeFromRandomBytes,
  type Membership,
} from '@nimbus/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { AccountName } from './account-name.ts';

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

/** Device ids a user has signed in or bound with (for the self-referral rule). */
export async function deviceIdsOfUser(db: Db, userId: number): Promise<string[]> {
  const [sessions, devices] = await Promise.all([
    db
      .selectFrom('sessions')
      .select('device_id')
      .where('user_id', '=', userId)
      .where('device_id', 'is not', null)
      .execute(),
    db.selectFrom('devices').select('device_key').where('user_id', '=', userId).execute(),
  ]);
  return [
    ...new Set([...sessions.map((s) => s.device_id ?? ''), ...devices.map((d) => d.device_key)]),
  ].filter(Boolean);
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
