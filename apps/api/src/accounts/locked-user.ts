import { ErrorCode } from '@nimbus/api-sdk/contract';
import { validateReason } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { findAnyUser, lockUser } from './store.ts';

/** The account row under the user's lock; a deleted account is not there to change. */
export async function lockedUser(trx: Db, dialect: DialectName, userId: number) {
  await lockUser(trx, dialect, userId);
  const row = await findAnyUser(trx, { column: 'id', key: userId });
  if (!row || row.deleted_at !== null) throw new Refusal(ErrorCode.USER_NOT_FOUND);
  return row;
}

/** The reason an operator gave, trimmed; VALIDATION_FAILED when empty or too long. */
export function reasonOf(input: string): string {
  const reason = validateReason(input);
  if (reason === null) throw validationRefusal('text_required');
  return reason;
}
