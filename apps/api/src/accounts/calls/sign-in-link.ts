import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { LanguageHeader } from '@nimbus/domain';
import { Refusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { sessionOriginOf } from '../../http/session-origin.ts';
import { hashToken, sessionIdOf } from '../../security/sessions.ts';
import { maskedAccount } from '../masked-account.ts';
import { findUserById, updateAccount } from '../store.ts';

/**
 * Sign-in links. A page opened with `?token=<t>` (from a native app, say) signs its visitor in;
 * a session token in that place was a login CSRF: anyone could send a link that signs the
 * visitor into the sender's account (and the token landed in logs). A link now carries a
 * one-time link token instead: issued to a signed-in caller, valid for SIGN_IN_LINK_TTL_MS, bound
 * to its purpose (an HMAC under its own derived key; a session token or any other token is not
 * one), used once (claimed in the nonce store, shared by every process), and exchanged by the
 * page for a session of its own.
 *
 * A link lives only as long as the session that issued it (the session-revocation rule,
 * docs/architecture.md): the link names its issuing session (by its public id, sessionIdOf), and
 * the exchange refuses a link whose issuer has ended, by whatever path (sign-out, sign-out
 * everywhere, a password change or reset, "end other sessions", an operator's revocation, a
 * deleted account). So a thief's session, once ended, leaves no link behind that signs in again.
 */
export const SIGN_IN_LINK_TTL_MS = 120_000;

/** `<userId>.<expiresAt>.<issuing session id>.<nonce>.<mac>` */
const FORMAT =
  /^(\d{1,15})\.(\d{13,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`sign-in-link:${body}`).digest('base64url');
}

// POST /api/user/user_sign_in_link
/** user_sign_in_link: a one-time link token for the caller's account. */
export async function issueSignInLink(
  _input: RequestOf<'userSignInLink'>,
  ctx: CallContext,
): Promise<ResponseOf<'userSignInLink'>> {
  const { userId, tokenHash } = callerOf(ctx);
  const issuer = sessionIdOf(tokenHash);
  const body = `${userId}.${ctx.now + SIGN_IN_LINK_TTL_MS}.${issuer}.${randomBytes(16).toString('base64url')}`;
  const key = ctx.services.secret.derive('sign-in-link');
  return {
    linkToken: `${body}.${mac(key, body)}`,
    expiresInSeconds: SIGN_IN_LINK_TTL_MS / 1000,
  };
}

/** A link token that is well formed, authentic, unexpired, unused and whose issuer is live. */
async function verifiedLink(linkToken: string, ctx: CallContext) {
  const { services, now } = ctx;
  const match = FORMAT.exec(linkToken);
  if (!match) throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  const [, userIdText = '', expiresText = '', issuer = '', nonce = '', given = ''] = match;
  const body = `${userIdText}.${expiresText}.${issuer}.${nonce}`;
  const expected = Buffer.from(mac(services.secret.derive('sign-in-link'), body));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  const expiresAt = Number(expiresText);
  if (expiresAt <= now || expiresAt > now + SIGN_IN_LINK_TTL_MS)
    throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  const user = await findUserById(services.db, Number(userIdText));
  if (!user || user.suspended_at !== null) throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  if (!(await services.sessions.isLive(user.id, issuer, now)))
    throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  const claim = `sign-in-link:${nonce}`;
  if (await services.nonces.seen(claim, expiresAt))
    throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  return { user, issuer, claim, expiresAt };
}

// POST /api/user/user_sign_in_link_account
/**
 * user_sign_in_link_account: whose account a link opens, masked the way other people's accounts
 * are shown ("ab***@gmail.com"), without using the link. A page asks this before it exchanges a
 * link, so that a visitor sees whose account they are about to enter (a link minted from someone
 * else's account is a login CSRF) and can decline, keeping their own session. It answers only for
 * a link that would work, and with nothing a valid link does not already give.
 */
export async function signInLinkAccount(
  input: RequestOf<'userSignInLinkAccount'>,
  ctx: CallContext,
): Promise<ResponseOf<'userSignInLinkAccount'>> {
  const { user } = await verifiedLink(input.linkToken, ctx);
  return { account: maskedAccount(user) };
}

// POST /api/user/user_sign_in_link_exchange
/**
 * user_sign_in_link_exchange: the session of a link token, once, while the session that issued it
 * is live. Anything else (a session token, a used, expired or forged link token, one whose issuing
 * session has ended, a deleted account's) is SIGN_IN_LINK_INVALID and signs nobody in.
 */
export async function exchangeSignInLink(
  input: RequestOf<'userSignInLinkExchange'>,
  ctx: CallContext,
): Promise<ResponseOf<'userSignInLinkExchange'>> {
  const { services, now } = ctx;
  const { user, issuer, claim, expiresAt } = await verifiedLink(input.linkToken, ctx);
  if (!(await services.nonces.claim(claim, expiresAt)))
    throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  const token = await services.sessions.create(user.id, sessionOriginOf(ctx), now);
  // Checked again once the new session exists: a revocation that ran in between either ended the
  // issuer before this check (refused here) or ended every other session, the new one included.
  if (!(await services.sessions.isLive(user.id, issuer, now))) {
    await services.sessions.revoke(hashToken(token), now);
    throw new Refusal(ErrorCode.SIGN_IN_LINK_INVALID);
  }
  await updateAccount(services.db, user.id, { language: LanguageHeader[ctx.language] }, now);
  ctx.issueToken(token);
  return { userId: String(user.id) };
}
