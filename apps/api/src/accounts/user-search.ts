import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  AccountKind,
  classifyAccountIdentifier,
  normaliseEmail,
  usernameKey,
  validateInviteCode,
} from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import {
  accountSummaryById,
  searchAccounts,
  type AccountCondition,
  type AccountSummaryRow,
} from './store.ts';
import { rowId } from '../db/row-id.ts';

/**
 * Reads of accounts for support (the console's users screen, `pnpm ops user`): a page of
 * accounts by search text or suspension, and one account's summary. Every filter is answered by
 * a unique index or the suspension index.
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

export const accountName = (u: {
  id: number;
  email: string | null;
  phone: string | null;
  username_display: string | null;
}) => u.email ?? u.phone ?? u.username_display ?? `#${u.id} (deleted)`;

export const userSummary = (u: AccountSummaryRow): UserSummary => ({
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
 * address, a phone number (+country code), a username or an invite code; or how e-mail addresses
 * start, with a `*` after it (`alice*`, `alice@exa*`). Null when the text can be none of them.
 */
function searchCondition(text: string): AccountCondition | null {
  const prefix = /^([^\s*]+)\*$/.exec(text);
  if (prefix) {
    const start = normaliseEmail(prefix[1] ?? '');
    return /^[\x21-\x7e]+$/.test(start) ? { emailPrefix: start } : null;
  }
  // An id past the largest row id names nobody (db/row-id.ts), never a database error.
  const id = /^#?(\d{1,15})$/.exec(text);
  if (id && !text.startsWith('+')) return { column: 'id', value: rowId(id[1] ?? '') };
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
 * names, with the total up to the console's cap. Every filter is answered by an index (no scan
 * of the users table).
 */
export async function searchUsers(
  db: Db,
  filter: { query?: string | undefined; suspendedOnly?: boolean | undefined },
  page: { offset: number; limit: number },
): Promise<{ items: UserSummary[]; total: number; totalCapped: boolean }> {
  const text = filter.query?.trim() ?? '';
  const condition = text === '' ? undefined : searchCondition(text);
  if (condition === null) return { items: [], total: 0, totalCapped: false };
  const { rows, total, totalCapped } = await searchAccounts(
    db,
    { condition, suspendedOnly: filter.suspendedOnly === true },
    page,
  );
  return { items: rows.map(userSummary), total, totalCapped };
}

export async function userSummaryById(db: Db, userId: number): Promise<UserSummary> {
  const row = await accountSummaryById(db, userId);
  if (!row) throw new Refusal(ErrorCode.USER_NOT_FOUND);
  return userSummary(row);
}
