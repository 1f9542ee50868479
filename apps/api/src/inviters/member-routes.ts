import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { callerOf, type CallContext } from '../http/handler.ts';
import { applicationState, applyForKol } from './kol-applications.ts';

// POST /api/system/system_kol_application
/** The member's standing in the KOL programme and their latest application. */
export async function kolApplication(
  _input: RequestOf<'systemKolApplication'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemKolApplication'>> {
  return applicationState(ctx.services, callerOf(ctx).userId);
}

// POST /api/system/system_kol_apply
/** A member applies to the KOL programme (channel links, audience, payout wallet). */
export async function kolApply(
  input: RequestOf<'systemKolApply'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemKolApply'>> {
  return applyForKol(ctx.services, callerOf(ctx).userId, input, ctx.now);
}
