import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { validatePassword } from '@nimbus/domain';
import { userActor, writeAudit } from '../../audit/index.ts';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { findUserById, updateAccount } from '../store.ts';
import { loginFailureKeys, recordLoginFailure, refuseIfLocked } from './login.ts';

// POST /api/user/user_change_password
/**
 * A new password, proven by the current one. Every other session of the account ends (a thief
 * holding one is signed out); this one stays. Wrong current passwords count as failed logins of
 * the account, so the form cannot be used to guess it.
 */
export async function changePassword(
  input: RequestOf<'userChangePassword'>,
  ctx: CallContext,
): Promise<ResponseOf<'userChangePassword'>> {
  const { services, now } = ctx;
  const caller = callerOf(ctx);
  const password = validatePassword(input.newPassword);
  if (!password.ok) throw validationRefusal(password.error);
  const user = await findUserById(services.db, caller.userId);
  if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);

  const column = user.email ? 'email' : user.phone ? 'phone' : 'username';
  const keys = loginFailureKeys({ column, key: user[column] ?? String(user.id) }, ctx.ip);
  await refuseIfLocked(services, keys, now);
  if (!(await verifyPassword(input.currentPassword, user.password_hash)))
    return recordLoginFailure(services, keys, now, new Refusal(ErrorCode.WRONG_PASSWORD));

  const passwordHash = await hashPassword(password.value);
  const signedOut = await services.db.transaction().execute(async (trx) => {
    await updateAccount(trx, user.id, { passwordHash }, now);
    const ended = await services.sessions.revokeOthers(user.id, caller.tokenHash, now, trx);
    await writeAudit(trx, {
      actor: userActor(user.id),
      action: 'user.password_changed',
      subjectType: 'user',
      subjectId: String(user.id),
      data: { sessionsEnded: ended },
      at: now,
    });
    return ended;
  });
  await services.counters.clear(keys.account);
  return { signedOut };
}
