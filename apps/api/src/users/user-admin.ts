import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  adjustMembership,
  AccountKind,
  classifyAccountIdentifier,
  isAdjustmentDays,
  ShopGroupType,
  usernameKey,
  validateInviteCode,
  validateReason,
} from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { lockUser, membershipOf } from './user-store.ts';

/**
 * What support does to a member's account, for the console and `pnpm ops user` alike: find
 * accounts, suspend and reinstate them (with the reason the member sees at login), end their
 * sessions and grant or deduct membership time. Every change is one transaction with its audit
 * row, under the user's lock.
 */

export interface UserSummary {
  userId: string;
  account: string;
  email: string | null;
  phone: string | null;
  username: string | null;
  inviteCode: string;
  registeredAt: number;
  standardExpiresAt: number | null;
  liteExpiresAt: number | null;
  suspendedAt: number | null;
  suspensionReason: string | null;
  deleted: boolean;
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

type SummaryRow = {
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
};

export const accountName = (u: {
  id: number;
  email: string | null;
  phone: string | null;
  username_display: string | null;
}) => u.email ?? u.phone ?? u.username_display ?? `#${u.id} (deleted)`;

export const userSummary = (u: SummaryRow): UserSummary => ({
  userId: String(u.id),
  account: accountName(u),
  email: u.email,
  phone: u.phone,
  username: u.username_display,
  inviteCode: u.invite_code,
  registeredAt: u.created_at,
  standardExpiresAt: u.standard_expires_at,
  liteExpiresAt: u.lite_expires_at,
  suspendedAt: u.suspended_at,
  suspensionReason: u.suspension_reason,
  deleted: u.deleted_at !== null,
});

/**
 * Which rows a search text names, each by a unique index: a user id (digits, or #123), an e-mail
 * address, a phone number (+country code), a username or an invite code. Null when the text can
 * be none of them.
 */
function searchCondition(
  text: string,
):
  | { column: 'id'; value: number }
  | { column: 'email' | 'phone'; value: string }
  | { either: [string, string] }
  | null {
  const id = /^#?(\d{1,12})$/.exec(text);
  if (id && !text.startsWith('+')) return { column: 'id', value: Number(id[1]) };
  const account = classifyAccountIdentifier(text);
  if (account.ok && account.value.kind === AccountKind.EMAIL)
    return { column: 'email', value: account.value.value };
  if (account.ok && account.value.kind === AccountKind.PHONE)
    return { column: 'phone', value: account.value.value };
  const invite = validateInviteCode(text);
  const username = usernameKey(text);
  if (account.ok || (invite.ok && invite.value !== null))
    return { either: [username, invite.ok && invite.value !== null ? invite.value : ''] };
  return null;
}

/**
 * A page of accounts, newest first: all of them, the suspended ones, or the one a search text
 * names. Every filter is answered by an index (no scan of the users table).
 */
export async function searchUsers(
  db: Db,
  filter: { query?: string | undefined; suspendedOnly?: boolean | undefined },
  page: { offset: number; limit: number },
): Promise<{ items: UserSummary[]; total: number }> {
  const text = filter.query?.trim() ?? '';
  let base = db.selectFrom('users');
  if (text !== '') {
    const condition = searchCondition(text);
    if (condition === null) return { items: [], total: 0 };
    if ('either' in condition) {
      const [username, invite] = condition.either;
      base = base.where((eb) =>
        eb.or([eb('username', '=', username), eb('invite_code', '=', invite)]),
      );
    } else if (condition.column === 'id') {
      base = base.where('id', '=', condition.value);
    } else {
      base = base.where(condition.column, '=', condition.value);
    }
  }
  if (filter.suspendedOnly) base = base.where('suspended_at', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .select(SUMMARY_COLUMNS)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(userSummary), total: Number(count.n) };
}

export async function userSummaryById(db: Db, userId: number): Promise<UserSummary> {
  const row = await db
    .selectFrom('users')
    .select(SUMMARY_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new Refusal(ErrorCode.USER_NOT_FOUND);
  return userSummary(row);
}

async function lockedUser(trx: Db, dialect: DialectName, userId: number) {
  await lockUser(trx, dialect, userId);
  const row = await trx
    .selectFrom('users')
    .select([...SUMMARY_COLUMNS])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) throw new Refusal(ErrorCode.USER_NOT_FOUND);
  return row;
}

function reasonOf(input: string): string {
  const reason = validateReason(input);
  if (reason === null) throw validationRefusal('text_required');
  return reason;
}

/**
 * Suspends an account: the member cannot log in (and is told the reason), every session ends at
 * once, and their node credentials leave the node feed (it lists only accounts that are not
 * suspended; `updated_at` moves so every process rebuilds it). Suspending again updates the reason.
 */
export async function suspendUser(
  services: PlatformServices,
  input: { userId: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  await services.db.transaction().execute(async (trx) => {
    const user = await lockedUser(trx, services.dialect, input.userId);
    await trx
      .updateTable('users')
      .set({ suspended_at: user.suspended_at ?? now, suspension_reason: reason, updated_at: now })
      .where('id', '=', input.userId)
      .execute();
    await services.sessions.revokeAll(input.userId, now, trx);
    await writeAudit(trx, {
      actor,
      action: 'user.suspended',
      subjectType: 'user',
      subjectId: input.userId,
      data: { reason, before: user.suspension_reason },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}

/** Lifts a suspension: login works again and the node feed lists the member's links again. */
export async function reinstateUser(
  services: PlatformServices,
  input: { userId: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  await services.db.transaction().execute(async (trx) => {
    const user = await lockedUser(trx, services.dialect, input.userId);
    if (user.suspended_at === null) return;
    await trx
      .updateTable('users')
      .set({ suspended_at: null, suspension_reason: null, updated_at: now })
      .where('id', '=', input.userId)
      .execute();
    await writeAudit(trx, {
      actor,
      action: 'user.reinstated',
      subjectType: 'user',
      subjectId: input.userId,
      data: { reason, suspendedAt: user.suspended_at, suspensionReason: user.suspension_reason },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}

/** Ends every live session of an account (signed out everywhere); returns how many. */
export async function revokeUserSessions(
  services: PlatformServices,
  userId: number,
  actor: Actor,
  now: number,
): Promise<number> {
  return services.db.transaction().execute(async (trx) => {
    await lockedUser(trx, services.dialect, userId);
    const live = await trx
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    await services.sessions.revokeAll(userId, now, trx);
    await writeAudit(trx, {
      actor,
      action: 'user.sessions_revoked',
      subjectType: 'user',
      subjectId: userId,
      data: { sessions: Number(live.n) },
      at: now,
    });
    return Number(live.n);
  });
}

/** Grants (days > 0) or deducts (days < 0) one plan type's time, with the reason audited. */
export async function adjustUserTime(
  services: PlatformServices,
  input: { userId: number; plan: 'standard' | 'lite'; days: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  if (!isAdjustmentDays(input.days)) throw validationRefusal('check_input');
  const planType = input.plan === 'standard' ? ShopGroupType.STANDARD : ShopGroupType.LITE;
  await services.db.transaction().execute(async (trx) => {
    const user = await lockedUser(trx, services.dialect, input.userId);
    const before = membershipOf(user);
    const after = adjustMembership(before, planType, input.days, now);
    await trx
      .updateTable('users')
      .set({
        standard_expires_at: after.standardExpiresAt,
        lite_expires_at: after.liteExpiresAt,
        updated_at: now,
      })
      .where('id', '=', input.userId)
      .execute();
    await writeAudit(trx, {
      actor,
      action: input.days > 0 ? 'membership.granted' : 'membership.deducted',
      subjectType: 'user',
      subjectId: input.userId,
      data: { plan: input.plan, days: input.days, reason, before, after },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}
