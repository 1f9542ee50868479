import { AccountKind, classifyAccountIdentifier, usernameKey } from '@nimbus/domain';
import { OpsRefusal, OpsUsageError } from './ops-context.ts';
import type { Db } from '../db/database.ts';
import { findAnyUser } from '../accounts/index.ts';
import { rowId } from '../db/row-id.ts';

/** How a command's usage names a user. */
export const USER_REF = '<user id | e-mail | +phone | username>';

/**
 * A user named the way support hears it: a user id (digits, or #123), an e-mail address, a phone
 * number in international form (+86...) or a username, normalised as accounts are stored.
 */
export async function findUserRef(db: Db, ref: string) {
  const text = ref.trim();
  const id = /^#?(\d{1,15})$/.exec(text);
  let user;
  if (id && !text.startsWith('+')) {
    // Past the largest row id: nobody (db/row-id.ts), never a database error.
    user = await findAnyUser(db, { column: 'id', key: rowId(id[1] ?? '') });
  } else {
    const account = classifyAccountIdentifier(text);
    if (!account.ok)
      throw new OpsUsageError(
        `"${text}" is not a user id, e-mail address, phone number (+country code) or username`,
      );
    const column =
      account.value.kind === AccountKind.EMAIL
        ? 'email'
        : account.value.kind === AccountKind.PHONE
          ? 'phone'
          : 'username';
    user = await findAnyUser(db, {
      column,
      key: column === 'username' ? usernameKey(account.value.value) : account.value.value,
    });
  }
  if (!user) throw new OpsRefusal(`no user ${text}`);
  return user;
}

export const accountOf = (user: {
  id: number;
  email: string | null;
  phone: string | null;
  username_display: string | null;
}) => user.email ?? user.phone ?? user.username_display ?? `#${user.id} (deleted)`;
