import {
  applyLiteUpgrade,
  creditedTime,
  daysToMs,
  devicesAllowedAfterCredit,
  earnsYearlyBenefits,
  extendMembership,
  LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT,
  reverseCredit as reverseCreditedTime,
  ShopGroupType,
  type Membership,
} from '@nimbus/domain';
import { findPlanQuota, planQuota } from '../plans/index.ts';
import { lockUser, membershipOf } from '../accounts/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { findMembership, updateMembership } from './membership-store.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';

/** A plan's worth of membership for one user. */
export interface PlanGrant {
  userId: number;
  groupType: ShopGroupType;
  durationDays: number;
  devicesAllowed: number;
  /** Convert remaining Lite time (Standard purchases only; domain lite-upgrade rule). */
  upgrade: boolean;
  conversionPercent?: number;
  /** A paid purchase (yearly benefits apply); false for gifts such as redeem codes. */
  purchase?: boolean;
  /**
   * The plan bought (orders, group buys): its traffic quota becomes the member's, from now. A
   * grant without one (a redeem code) leaves the member's quota as it is.
   */
  planId?: number;
}

export interface Credited {
  before: Membership;
  after: Membership;
  /** Time added to each expiry (ms); Lite is negative when an upgrade converted it. */
  standardMs: number;
  liteMs: number;
  /** Seconds of Lite that became Standard (0 without an upgrade). */
  convertedSeconds: number;
  yearlyPaidUser: boolean;
  devicesAllowed: number;
}

/** What an order (or a group seat) credited, to be taken back on refund. */
export interface CreditToReverse {
  userId: number;
  /** The order whose refund this is, for the audit row. */
  orderPublicId: string;
  standardMs: number;
  liteMs: number;
}

/**
 * Adds a plan's time to a user's membership inside the caller's transaction, with the user row
 * locked, by the domain rules: Standard and Lite extension, the Lite-to-Standard conversion when
 * asked (and Lite time is left), the device limit after a credit and the yearly benefits.
 * Reusable by anything that grants plan time (purchases, group buys, redeem codes).
 */
export async function grantPlanTime(
  trx: Db,
  dialect: DialectName,
  grant: PlanGrant,
  now: number,
): Promise<Credited> {
  await lockUser(trx, dialect, grant.userId);
  const user = await findMembership(trx, grant.userId);
  const before = membershipOf(user);
  let after: Membership | undefined;
  let convertedSeconds = 0;
  if (grant.upgrade && grant.groupType === ShopGroupType.STANDARD) {
    const upgraded = applyLiteUpgrade({
      membership: before,
      standardPlanDays: grant.durationDays,
      now,
      conversionPercent: grant.conversionPercent ?? LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT,
    });
    // Lite ran out between the quote and the payment: the Standard plan still counts in full.
    if (upgraded.ok) {
      after = upgraded.value.membership;
      convertedSeconds = upgraded.value.quote.convertedStandardSeconds;
    }
  }
  after ??= extendMembership(before, grant.groupType, daysToMs(grant.durationDays), now);

  const devicesAllowed = devicesAllowedAfterCredit(
    grant,
    { membership: before, devicesAllowed: user.devices_allowed },
    now,
  );
  const yearly = earnsYearlyBenefits({ ...grant, purchase: grant.purchase !== false });
  const plan = grant.planId === undefined ? undefined : await findPlanQuota(trx, grant.planId);
  await updateMembership(
    trx,
    grant.userId,
    {
      membership: after,
      devicesAllowed,
      ...(yearly ? { yearlyPaidUser: true, benefitsExpiresAt: after.standardExpiresAt } : {}),
      ...(plan ? { quota: { quota: planQuota(plan), purchasedAt: now } } : {}),
    },
    now,
  );
  await queueWebhookEvent(trx, {
    type: 'membership.extended',
    data: {
      userId: String(grant.userId),
      plan: grant.groupType === ShopGroupType.STANDARD ? 'standard' : 'lite',
      durationDays: grant.durationDays,
      standardExpiresAt: after.standardExpiresAt,
      liteExpiresAt: after.liteExpiresAt,
    },
    now,
  });
  return {
    before,
    after,
    ...creditedTime(before, after, now),
    convertedSeconds,
    yearlyPaidUser: yearly || user.yearly_paid_user === 1,
    devicesAllowed,
  };
}

/**
 * Takes back what a refunded order credited (domain `reverseCredit`), with the user row locked,
 * and audits it.
 */
export async function reverseCredit(
  trx: Db,
  dialect: DialectName,
  credit: CreditToReverse,
  now: number,
  actor: Actor,
): Promise<void> {
  await lockUser(trx, dialect, credit.userId);
  const user = await findMembership(trx, credit.userId);
  const before = membershipOf(user);
  const { membership: after, benefitsExpiresAt: benefits } = reverseCreditedTime(
    { membership: before, benefitsExpiresAt: user.benefits_expires_at },
    credit,
    now,
  );
  await updateMembership(
    trx,
    credit.userId,
    { membership: after, benefitsExpiresAt: benefits },
    now,
  );
  await writeAudit(trx, {
    actor,
    action: 'membership.reversed',
    subjectType: 'user',
    subjectId: credit.userId,
    data: {
      orderId: credit.orderPublicId,
      before,
      after,
      benefitsBefore: user.benefits_expires_at,
      benefitsAfter: benefits,
    },
    at: now,
  });
}
