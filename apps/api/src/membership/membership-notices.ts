import {
  membershipNoticeDue,
  membershipNoticeWindows,
  ShopGroupType,
  type Language,
  type MembershipNotice,
} from '@nimbus/domain';
import { formatDateTime, translate } from '@nimbus/i18n/server';
import type { PlatformServices } from '../platform/platform-services.ts';
import { claimMembershipNotice, membersDueNotice, type PlanName } from './membership-store.ts';
import { notifyMember } from '../mail/index.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';

/** The plan in the member's words ("Standard" / "标准版"). */
const planLabel = (language: Language, plan: ShopGroupType) =>
  translate(language, plan === ShopGroupType.STANDARD ? 'mail:plan_standard' : 'mail:plan_lite');

const PLANS: readonly [PlanName, ShopGroupType][] = [
  ['standard', ShopGroupType.STANDARD],
  ['lite', ShopGroupType.LITE],
];
const NOTICES: readonly MembershipNotice[] = ['membership_ending', 'membership_ended'];

/**
 * Queues the membership notices due now (a scheduled job): "ending in 3 days" and "ended", per
 * plan (Standard and Lite run separately), once per member, plan and end instant. The
 * membership_notices row and the mail are one transaction and the row's primary key refuses a
 * second one, so the notice goes once across restarts and however many processes run the jobs;
 * a renewal moves the end, and the new end gets its own notices. Returns how many were queued.
 */
export async function queueMembershipNotices(
  services: Pick<PlatformServices, 'db' | 'config'>,
  now: number,
  batch = 200,
): Promise<number> {
  const windows = membershipNoticeWindows(now);
  let queued = 0;
  for (const [plan, groupType] of PLANS) {
    for (const notice of NOTICES) {
      const [from, to] = windows[notice];
      const due = await membersDueNotice(services.db, { plan, notice, from, to, limit: batch });
      for (const { userId, expiresAt } of due) {
        if (membershipNoticeDue(expiresAt, now) !== notice) continue;
        const sent = await services.db.transaction().execute(async (trx) => {
          if (!(await claimMembershipNotice(trx, { userId, plan, notice, expiresAt, now })))
            return false;
          if (notice === 'membership_ended')
            await queueWebhookEvent(trx, {
              type: 'membership.ended',
              data: { userId: String(userId), plan, endedAt: expiresAt },
              now,
            });
          return notifyMember(trx, {
            userId,
            kind: notice,
            vars: (language) => ({
              plan: planLabel(language, groupType),
              time: formatDateTime(expiresAt, language, { timeZone: 'UTC' }),
              pricingUrl: `${services.config.publicUrl}/pricing`,
            }),
            now,
          });
        });
        if (sent) queued++;
      }
    }
  }
  return queued;
}
