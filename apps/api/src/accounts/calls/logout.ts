import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { callerOf, type CallContext } from '../../http/handler.ts';

// POST /api/user/user_logout
/** Ends this session, or with `everywhere` every session of the account. */
export async function logout(
  input: RequestOf<'userLogout'>,
  ctx: CallContext,
): Promise<ResponseOf<'userLogout'>> {
  const caller = callerOf(ctx);
  if (input.everywhere === true) await ctx.services.sessions.revokeAll(caller.userId, ctx.now);
  else await ctx.services.sessions.revoke(caller.tokenHash, ctx.now);
  return null;
}
