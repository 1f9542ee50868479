import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import { callerOf, type CallContext } from '../http/handler.ts';
import { memberTraffic } from '../nodes/index.ts';
import { quotaStatusOf, quotaView } from './traffic-quota.ts';

// POST /api/system/system_traffic
/**
 * system_traffic: the member's traffic as the nodes reported it (nodes/member-routes.ts) and their
 * quota. With a quota, "this cycle" is the quota's (it may start on the purchase day).
 */
export async function memberTrafficWithQuota(
  input: RequestOf<'systemTraffic'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemTraffic'>> {
  const [traffic, quota] = await Promise.all([
    memberTraffic(input, ctx),
    quotaStatusOf(ctx.services.db, callerOf(ctx).userId, ctx.now),
  ]);
  if (!quota) return { ...traffic, quota: null };
  return {
    ...traffic,
    cycleStart: quota.cycle.start,
    upload: quota.upload,
    download: quota.download,
    quota: quotaView(quota),
  };
}
