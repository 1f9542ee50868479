import {
  ErrorCode,
  RequestHeader,
  type RequestOf,
  type ResponseOf,
} from '@nimbus/api-sdk/contract';
import {
  LanguageHeader,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@nimbus/domain';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import type { CallContext } from '../../http/handler.ts';
import { enforceLimit } from '../../security/enforce-limit.ts';
import { tokenFromAuthorization } from '../../security/sessions.ts';
import { parseAccountName } from '../account-name.ts';
import { findUserByAccount, findUserById } from '../store.ts';

// POST /api/user/user_send_code
/**
 * Sends a verification code by e-mail or SMS. Limits: one code per target and purpose every
 * 60 s (CODE_RESEND_TOO_SOON), and a number per target and per IP per hour (RATE_LIMITED).
 * No answer tells who has an account: `register` for an address that has one answers as for a
 * new address (a code is drawn, so the resend countdown behaves the same) but the owner gets a
 * notice instead of the code ("someone tried to register with your address", with links to log
 * in or reset the password), so nobody else can finish the registration. `login` and `reset`
 * for an address without an account answer exactly as for one but send nothing.
 * `delete_account` and `payout_wallet` need the session of the account the address belongs to.
 */
export async function sendCode(
  input: RequestOf<'userSendCode'>,
  ctx: CallContext,
): Promise<ResponseOf<'userSendCode'>> {
  const { services, now } = ctx;
  const target = parseAccountName(input.channel, input.target);

  let deliver = true;
  let notice: 'account_exists' | undefined;
  let language = ctx.language;
  if (input.purpose === 'register') {
    const owner = await findUserByAccount(services.db, target);
    if (owner) {
      notice = 'account_exists';
      // The owner reads it in the language of their account, not the asker's.
      language = owner.language === LanguageHeader.en ? 'en' : 'zh-CN';
    }
  } else if (input.purpose === 'delete_account' || input.purpose === 'payout_wallet') {
    const header = ctx.request.headers[RequestHeader.authorization.toLowerCase()];
    const token = tokenFromAuthorization(Array.isArray(header) ? header[0] : header);
    const session = token ? await services.sessions.authenticate(token, now) : undefined;
    if (!session) throw new Refusal(ErrorCode.UNAUTHORIZED);
    const user = await findUserById(services.db, session.userId);
    if (!user || user[target.column] !== target.key) throw validationRefusal('check_input');
  } else {
    deliver = (await findUserByAccount(services.db, target)) !== undefined;
  }

  await enforceLimit(services.counters, `code:ip:${ctx.ip}`, services.limits.codesPerIp, now);
  await enforceLimit(
    services.counters,
    `code:target:${target.key}`,
    services.limits.codesPerTarget,
    now,
  );

  const issued = await services.codes.issue(target.key, input.channel, input.purpose, now);
  if (!issued.ok)
    throw new Refusal(ErrorCode.CODE_RESEND_TOO_SOON, {
      vars: { seconds: issued.retryAfterSeconds },
    });
  if (deliver) {
    await services.delivery.send(
      {
        channel: input.channel,
        to: target.key,
        purpose: input.purpose,
        code: notice ? '' : issued.code,
        language,
        ...(notice ? { notice } : {}),
      },
      now,
    );
  }
  return {
    resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS,
    expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS,
  };
}
