import { ErrorCode } from '@nimbus/api-sdk/contract';
import { validateVerificationCode } from '@nimbus/domain';
import type { UsersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import type { CallContext } from '../../http/handler.ts';
import { verifyPassword } from '../../security/passwords.ts';
import type { CodePurpose } from '../../security/verification-codes.ts';
import { loginFailureKeys, recordLoginFailure } from './login.ts';

/**
 * A signed-in user confirms a sensitive change (deleting the account, changing the payout
 * wallet) with exactly one of their password or a code sent for `purpose` to their e-mail or
 * phone. A wrong password counts as a login failure (the same lockout); a wrong code is
 * CODE_INVALID, too many CODE_LOCKED. Returns the code's id to consume in the change's
 * transaction (`services.codes.consume`), or undefined for a password.
 */
export async function confirmIdentity(
  ctx: CallContext,
  user: Pick<Selectable<UsersTable>, 'id' | 'email' | 'phone' | 'username' | 'password_hash'>,
  proof: { password?: string | undefined; code?: string | undefined },
  purpose: CodePurpose,
): Promise<number | undefined> {
  const { services, now } = ctx;
  if ((proof.password === undefined) === (proof.code === undefined))
    throw validationRefusal('password_required');
  if (proof.password !== undefined) {
    const column = user.email ? 'email' : user.phone ? 'phone' : 'username';
    const keys = loginFailureKeys({ column, key: user[column] ?? String(user.id) }, ctx.ip);
    if (!(await verifyPassword(proof.password, user.password_hash)))
      return recordLoginFailure(services, keys, now, new Refusal(ErrorCode.INVALID_CREDENTIALS));
    return undefined;
  }
  const code = validateVerificationCode(proof.code ?? '');
  if (!code.ok) throw validationRefusal(code.error);
  const target = user.email ?? user.phone;
  const checked = target
    ? await services.codes.check(target, purpose, code.value, now)
    : { status: 'invalid' as const };
  if (checked.status === 'locked') throw new Refusal(ErrorCode.CODE_LOCKED);
  if (checked.status !== 'ok') throw new Refusal(ErrorCode.CODE_INVALID);
  return checked.codeId;
}
