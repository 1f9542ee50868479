import { adjustMembership, isAdjustmentDays, ShopGroupType } from '@nimbus/domain';
import {
  lockedUser,
  membershipOf,
  reasonOf,
  userSummaryById,
  type UserSummary,
} from '../accounts/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { validationRefusal } from '../errors/refusal.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { findMembership, updateMembership } from './membership-store.ts';

/**
 * Support's grant or deduction of membership time, for the console, `pnpm ops user time` and a
 * ticket's grant alike: one transaction under the user's lock, with its audit row.
 */
/** Grants (days > 0) or deducts (days < 0) one plan type's time, with the reason audited. */
export async function adjustUserTime(
  services: PlatformServices,
  input: { userId: number; plan: 'standard' | 'lite'; days: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  if (!isAdjustmentDays(input.days)) throw validationRefusal('check_input');
  const planType = input.plan === 'standard' ? ShopGroupType.STANDARD : ShopGroupType.LITE;
  await services.db.transaction().execute(async (trx) => {
    await lockedUser(trx, services.dialect, input.userId);
    const before = membershipOf(await findMembership(trx, input.userId));
    const after = adjustMembership(before, planType, input.days, now);
    await updateMembership(trx, input.userId, { membership: after }, now);
    await writeAudit(trx, {
      actor,
      action: input.days > 0 ? 'membership.granted' : 'membership.deducted',
      subjectType: 'user',
      subjectId: input.userId,
      data: { plan: input.plan, days: input.days, reason, before, after },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}
