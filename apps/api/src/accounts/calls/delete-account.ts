import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import type { Db } from '../../db/database.ts';
import { Refusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { confirmIdentity } from './confirm-identity.ts';
import { eraseAccount, findUserById } from '../store.ts';
import { deleteDevicesOfUser } from '../../devices/index.ts';
import { forgetTrialUser } from '../../membership/index.ts';
import { revokeSessionsOf } from '../../security/sessions.ts';
import { deleteCodesTo } from '../../security/verification-codes.ts';
import { eraseAlive, eraseTraffic } from '../../nodes/index.ts';
import { deleteTelegramOfUser } from '../../telegram/index.ts';

/**
 * Erases a user's personal data, keeping the row (anonymised) so that orders and commissions
 * that point at it stay consistent for accounting. Later server parts that store personal data
 * of their own erase it here too, inside the same transaction.
 */
export async function eraseUser(trx: Db, userId: number, now: number): Promise<void> {
  await eraseAccount(trx, userId, now);
  await deleteDevicesOfUser(trx, userId);
  // What the VPN nodes reported of the member: traffic and the addresses they were online from.
  await eraseTraffic(trx, userId);
  await eraseAlive(trx, userId);
  // The linked Telegram chat, its codes and the messages not sent yet.
  await deleteTelegramOfUser(trx, userId);
  await revokeSessionsOf(trx, userId, now);
  // The per-device trial records stay (without the user) so deleting and re-registering gives no
  // new trial.
  await forgetTrialUser(trx, userId);
}

// POST /api/user/user_delete_account
/** Permanent deletion, confirmed by the password or a code sent for purpose `delete_account`. */
export async function deleteAccount(
  input: RequestOf<'userDeleteAccount'>,
  ctx: CallContext,
): Promise<ResponseOf<'userDeleteAccount'>> {
  const { services, now } = ctx;
  const caller = callerOf(ctx);
  const user = await findUserById(services.db, caller.userId);
  if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
  const codeId = await confirmIdentity(ctx, user, input, 'delete_account');

  await services.db.transaction().execute(async (trx) => {
    if (codeId !== undefined && !(await services.codes.consume(codeId, now, trx)))
      throw new Refusal(ErrorCode.CODE_INVALID);
    await eraseUser(trx, user.id, now);
    for (const target of [user.email, user.phone]) {
      if (target) await deleteCodesTo(trx, target);
    }
  });
  ctx.request.log.info({ userId: user.id }, 'account deleted');
  return null;
}
