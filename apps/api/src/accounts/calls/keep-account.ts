import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { canKeepTrialAccount, validatePassword, validateVerificationCode } from '@nimbus/domain';
import { userActor, writeAudit } from '../../audit/index.ts';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { hashPassword } from '../../security/passwords.ts';
import { parseAccountName } from '../account-name.ts';
import { accountTaken, findUserById, nameTrialAccount, uniqueViolationColumn } from '../store.ts';

// POST /api/user/user_keep_account
/**
 * Keeps a trial account: the trial button makes an account without a name or password, so its
 * holder cannot log into it anywhere else. This gives it an e-mail address (proven by the code
 * sent for `register`) or a username, and a password, during the trial or after it. Only an
 * account without any name may (domain `canKeepTrialAccount`); the session stays.
 */
export async function keepAccount(
  input: RequestOf<'userKeepAccount'>,
  ctx: CallContext,
): Promise<ResponseOf<'userKeepAccount'>> {
  const { services, now } = ctx;
  const { db, codes } = services;
  const caller = callerOf(ctx);
  const user = await findUserById(db, caller.userId);
  if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
  if (!canKeepTrialAccount(user).ok) throw new Refusal(ErrorCode.ACCOUNT_ALREADY_NAMED);
  const account = parseAccountName(input.channel, input.account);
  const password = validatePassword(input.password);
  if (!password.ok) throw validationRefusal(password.error);

  let codeId: number | undefined;
  if (account.column === 'email') {
    const code = validateVerificationCode(input.code ?? '');
    if (!code.ok) throw validationRefusal(code.error);
    const checked = await codes.check(account.key, 'register', code.value, now);
    if (checked.status === 'locked') throw new Refusal(ErrorCode.CODE_LOCKED);
    if (checked.status !== 'ok') throw new Refusal(ErrorCode.CODE_INVALID);
    codeId = checked.codeId;
  }
  const taken = account.column === 'username' ? ErrorCode.USERNAME_TAKEN : ErrorCode.ACCOUNT_EXISTS;
  if (await accountTaken(db, account)) throw new Refusal(taken);

  const passwordHash = await hashPassword(password.value);
  try {
    await db.transaction().execute(async (trx) => {
      if (codeId !== undefined && !(await codes.consume(codeId, now, trx)))
        throw new Refusal(ErrorCode.CODE_INVALID);
      if (!(await nameTrialAccount(trx, user.id, account, passwordHash, now)))
        throw new Refusal(ErrorCode.ACCOUNT_ALREADY_NAMED);
      await writeAudit(trx, {
        actor: userActor(user.id),
        action: 'user.account_kept',
        subjectType: 'user',
        subjectId: String(user.id),
        data: { channel: account.column },
        at: now,
      });
    });
  } catch (error) {
    if (uniqueViolationColumn(error) !== undefined) throw new Refusal(taken);
    throw error;
  }
  return { account: account.display };
}
