import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { sessionDeviceOf } from '@nimbus/domain';
import { Refusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';

// POST /api/user/user_sessions
/** The account's sessions in force: device, platform, address, last use; this one marked. */
export async function listSessions(
  _input: RequestOf<'userSessions'>,
  ctx: CallContext,
): Promise<ResponseOf<'userSessions'>> {
  const caller = callerOf(ctx);
  const sessions = await ctx.services.sessions.active(caller.userId, ctx.now);
  return {
    items: sessions.map((s) => ({
      id: s.id,
      current: s.tokenHash === caller.tokenHash,
      ...sessionDeviceOf(s.userAgent),
      platform: s.platform,
      ip: s.ip,
      signedInAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
    })),
  };
}

// POST /api/user/user_end_session
/** Signs one session of the account out (this one too, when named: the client then forgets it). */
export async function endSession(
  input: RequestOf<'userEndSession'>,
  ctx: CallContext,
): Promise<ResponseOf<'userEndSession'>> {
  const caller = callerOf(ctx);
  const session = (await ctx.services.sessions.active(caller.userId, ctx.now)).find(
    (s) => s.id === input.sessionId,
  );
  // Another account's session is as unknown as one that never existed.
  if (!session) throw new Refusal(ErrorCode.SESSION_NOT_FOUND);
  await ctx.services.sessions.revoke(session.tokenHash, ctx.now);
  return null;
}

// POST /api/user/user_end_other_sessions
/** Signs every other session of the account out; this one stays. */
export async function endOtherSessions(
  _input: RequestOf<'userEndOtherSessions'>,
  ctx: CallContext,
): Promise<ResponseOf<'userEndOtherSessions'>> {
  const caller = callerOf(ctx);
  return {
    signedOut: await ctx.services.sessions.revokeOthers(caller.userId, caller.tokenHash, ctx.now),
  };
}
