import {
  applyLiteUpgrade,
  daysToMs,
  extendMembership,
  hasActiveMembership,
  LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT,
  ShopGroupType,
  type Membership,
} from '@nimbus/domain';
import { lockUser, membershipOf } from '../users/user-store.ts';
import { writeAudit, type Actor } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';

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

/** 12 months or more of Standard makes a yearly paid user (benefits until the Standard expiry). */
export const YEARLY_PLAN_MIN_DAYS = 365;

const added = (before: number | null, after: number | null, now: number) =>
  after === null ? 0 : after - Math.max(now, before ?? now);

/**
 * Adds a plan's time to a user's membership inside the caller's transaction, with the user row
 * locked: Standard and Lite by the domain extension rule, the Lite-to-Standard conversion when
 * asked (and Lite time is left), the device limit of the plan (never lowered while earlier
 * time still runs), and the yearly-paid-user benefits for 12 months or more of Standard.
 * Reusable by anything that grants plan time (purchases, group buys, redeem codes).
 */
export async function grantPlanTime(
  trx: Db,
  dialect: DialectName,
  grant: PlanGrant,
  now: number,
): Promise<Credited> {
  await lockUser(trx, dialect, grant.userId);
  const user = await trx
    .selectFrom('users')
    .select([
      'standard_expires_at',
      'lite_expires_at',
      'devices_allowed',
      'yearly_paid_user',
      'benefits_expires_at',
    ])
    .where('id', '=', grant.userId)
    .executeTakeFirstOrThrow();
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

  const devicesAllowed = Math.max(
    grant.devicesAllowed,
    hasActiveMembership(before, now) ? user.devices_allowed : 0,
  );
  const yearly =
    grant.purchase !== false &&
    grant.groupType === ShopGroupType.STANDARD &&
    grant.durationDays >= YEARLY_PLAN_MIN_DAYS;
  await trx
    .updateTable('users')
    .set({
      standard_expires_at: after.standardExpiresAt,
      lite_expires_at: after.liteExpiresAt,
      devices_allowed: devicesAllowed,
      ...(yearly ? { yearly_paid_user: 1, benefits_expires_at: after.standardExpiresAt } : {}),
      updated_at: now,
    })
    .where('id', '=', grant.userId)
    .execute();
  return {
    before,
    after,
    standardMs: added(before.standardExpiresAt, after.standardExpiresAt, now),
    liteMs: added(before.liteExpiresAt, after.liteExpiresAt, now),
    convertedSeconds,
    yearlyPaidUser: yearly || user.yearly_paid_user === 1,
    devicesAllowed,
  };
}

/**
 * Takes back what a refunded order credited: each expiry moves back by the time it gained,
 * never below now (time already used is not clawed into the past); Lite time an upgrade
 * converted is given back. The yearly benefits end with the Standard time they came with.
 */
export async function reverseCredit(
  trx: Db,
  dialect: DialectName,
  credit: CreditToReverse,
  now: number,
  actor: Actor,
): Promise<void> {
  await lockUser(trx, dialect, credit.userId);
  const user = await trx
    .selectFrom('users')
    .select(['standard_expires_at', 'lite_expires_at', 'benefits_expires_at'])
    .where('id', '=', credit.userId)
    .executeTakeFirstOrThrow();
  const before = membershipOf(user);
  const back = (expiry: number | null, creditedMs: number): number | null => {
    if (creditedMs === 0 || expiry === null) return expiry;
    // Negative credit (converted Lite) is returned from now or the current expiry.
    if (creditedMs < 0) return Math.max(now, expiry) - creditedMs;
    return Math.max(now, expiry - creditedMs);
  };
  const after: Membership = {
    standardExpiresAt: back(before.standardExpiresAt, credit.standardMs),
    liteExpiresAt: back(before.liteExpiresAt, credit.liteMs),
  };
  const benefits =
    user.benefits_expires_at === null || after.standardExpiresAt === null
      ? user.benefits_expires_at
      : Math.min(user.benefits_expires_at, after.standardExpiresAt);
  await trx
    .updateTable('users')
    .set({
      standard_expires_at: after.standardExpiresAt,
      lite_expires_at: after.liteExpiresAt,
      benefits_expires_at: benefits,
      updated_at: now,
    })
    .where('id', '=', credit.userId)
    .execute();
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
