import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import {
  LanguageHeader,
  MS_PER_MINUTE,
  usernameKey,
  validateAgreement,
  validateVerificationCode,
} from '@nimbus/domain';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import type { CallContext } from '../../http/handler.ts';
import { dummyPasswordHash, verifyPassword } from '../../security/passwords.ts';
import { belowLimitAt } from '../../security/rate-counter.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { parseAccountName, type AccountName } from '../account-name.ts';
import { findUserByAccount, updateAccount } from '../store.ts';
import { sessionOriginOf } from '../../http/session-origin.ts';

/**
 * The counters of failed logins: per account name from one client address (existing or not, so
 * locks reveal nothing), and per address across names. A name alone is never locked: failures
 * sent from an attacker's address cannot keep its owner out from theirs.
 */
export function loginFailureKeys(account: Pick<AccountName, 'column' | 'key'>, ip: string) {
  return {
    account: `login-fail:${account.column}:${account.key}:ip:${ip}`,
    ip: `login-fail:ip:${ip}`,
  };
}

export async function refuseIfLocked(
  services: PlatformServices,
  keys: { account: string; ip: string },
  now: number,
): Promise<void> {
  const { loginFailuresPerAccountAndIp: perAccount, loginFailuresPerIp: perIp } = services.limits;
  const [a, i] = await Promise.all([
    services.counters.peek(keys.account, perAccount.windowMs, now),
    services.counters.peek(keys.ip, perIp.windowMs, now),
  ]);
  const locked = [belowLimitAt(a, perAccount.max, now), belowLimitAt(i, perIp.max, now)].filter(
    (t) => t > now,
  );
  if (locked.length > 0) {
    throw new Refusal(ErrorCode.ACCOUNT_LOCKED, {
      vars: { minutes: Math.max(1, Math.ceil((Math.max(...locked) - now) / MS_PER_MINUTE)) },
    });
  }
}

/** Counts a failed attempt; the attempt that reaches a limit is already answered ACCOUNT_LOCKED. */
export async function recordLoginFailure(
  services: PlatformServices,
  keys: { account: string; ip: string },
  now: number,
  refusal: Refusal,
): Promise<never> {
  const { loginFailuresPerAccountAndIp: perAccount, loginFailuresPerIp: perIp } = services.limits;
  await services.counters.hit(keys.account, perAccount.windowMs, now);
  await services.counters.hit(keys.ip, perIp.windowMs, now);
  await refuseIfLocked(services, keys, now);
  throw refusal;
}

// POST /api/user/user_login
/**
 * Login by username, e-mail or phone with the password, or (e-mail and phone) with a code sent
 * for purpose `login`. An unknown account costs the same argon2 work and gets the same answer
 * as a wrong password. Password failures count per account name and client address, and per
 * address; past a limit that address is refused (ACCOUNT_LOCKED, with the minutes left) until
 * the failures of the last window fall below it. A code login is never refused by these
 * counters (receiving the code proves ownership); a code locks itself after its wrong tries.
 */
export async function login(
  input: RequestOf<'userLogin'>,
  ctx: CallContext,
): Promise<ResponseOf<'userLogin'>> {
  const { services, now } = ctx;
  if (!validateAgreement(input.agreeTerms).ok) throw new Refusal(ErrorCode.AGREEMENT_REQUIRED);
  // Usernames are looked up as typed (lower-cased): an old name need not pass today's format rule.
  const account: Pick<AccountName, 'column' | 'key'> =
    input.channel === 'username'
      ? { column: 'username', key: usernameKey(input.account) }
      : parseAccountName(input.channel, input.account);
  if ((input.password === undefined) === (input.code === undefined))
    throw validationRefusal('password_required');
  if (input.code !== undefined && account.column === 'username')
    throw validationRefusal('check_input');

  const keys = loginFailureKeys(account, ctx.ip);
  if (input.password !== undefined) await refuseIfLocked(services, keys, now);
  const user = await findUserByAccount(services.db, account);

  if (input.password !== undefined) {
    const valid = await verifyPassword(
      input.password,
      user?.password_hash ?? (await dummyPasswordHash()),
    );
    if (!user || !valid)
      return recordLoginFailure(services, keys, now, new Refusal(ErrorCode.INVALID_CREDENTIALS));
  } else {
    const code = validateVerificationCode(input.code ?? '');
    if (!code.ok) throw validationRefusal(code.error);
    const checked = await services.codes.check(account.key, 'login', code.value, now);
    if (checked.status === 'locked') throw new Refusal(ErrorCode.CODE_LOCKED);
    if (checked.status !== 'ok' || !user) throw new Refusal(ErrorCode.CODE_INVALID);
    if (!(await services.codes.consume(checked.codeId, now)))
      throw new Refusal(ErrorCode.CODE_INVALID);
  }
  if (!user) throw new Refusal(ErrorCode.INVALID_CREDENTIALS);
  // A suspended account is told why, and only once it proved it is the account's owner.
  if (user.suspended_at !== null)
    throw new Refusal(ErrorCode.ACCOUNT_SUSPENDED, {
      vars: { reason: user.suspension_reason ?? '' },
    });

  await services.counters.clear(keys.account);
  const token = await services.sessions.create(user.id, sessionOriginOf(ctx), now);
  await updateAccount(services.db, user.id, { language: LanguageHeader[ctx.language] }, now);
  ctx.issueToken(token);
  return { userId: String(user.id) };
}
