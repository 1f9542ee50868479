import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { validatePassword, validateVerificationCode } from '@nimbus/domain';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import type { CallContext } from '../../http/handler.ts';
import { hashPassword } from '../../security/passwords.ts';
import { parseAccountName } from '../account-name.ts';
import { loginFailureKeys } from './login.ts';
import { findUserByAccount, updateAccount } from '../store.ts';

// POST /api/user/user_reset_password
/** A new password with a code sent for purpose `reset`; every session of the account ends. */
export async function resetPassword(
  input: RequestOf<'userResetPassword'>,
  ctx: CallContext,
): Promise<ResponseOf<'userResetPassword'>> {
  const { services, now } = ctx;
  const account = parseAccountName(input.channel, input.account);
  const password = validatePassword(input.password);
  if (!password.ok) throw validationRefusal(password.error);
  const code = validateVerificationCode(input.code);
  if (!code.ok) throw validationRefusal(code.error);

  const checked = await services.codes.check(account.key, 'reset', code.value, now);
  if (checked.status === 'locked') throw new Refusal(ErrorCode.CODE_LOCKED);
  if (checked.status !== 'ok') throw new Refusal(ErrorCode.CODE_INVALID);
  const user = await findUserByAccount(services.db, account);
  if (!user) throw new Refusal(ErrorCode.CODE_INVALID);

  const passwordHash = await hashPassword(password.value);
  await services.db.transaction().execute(async (trx) => {
    if (!(await services.codes.consume(checked.codeId, now, trx)))
      throw new Refusal(ErrorCode.CODE_INVALID);
    await updateAccount(trx, user.id, { passwordHash }, now);
    await services.sessions.revokeAll(user.id, now, trx);
  });
  // Proving ownership of the address lifts a lock caused by someone guessing the password.
  await services.counters.clear(loginFailureKeys(account, ctx.ip).account);
  return null;
}
