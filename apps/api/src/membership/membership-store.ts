import type { Membership, MembershipNotice, TrafficQuota } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/**
 * The membership columns of the `users` table: the time each plan runs until, the devices and
 * benefits it brings and whether the free trial was used. This module is the only one that
 * reads or writes them apart from whole-row reads (accounts/store.ts); the account columns
 * belong to the user store.
 */
export interface MembershipRow {
  standard_expires_at: number | null;
  lite_expires_at: number | null;
  devices_allowed: number;
  yearly_paid_user: number;
  benefits_expires_at: number | null;
  trial_used: number;
}

/** What a credit, a reversal, a trial or a bonus changes; a field left out stays as it is. */
export interface MembershipChange {
  membership?: Membership;
  devicesAllowed?: number;
  yearlyPaidUser?: true;
  benefitsExpiresAt?: number | null;
  trialUsed?: true;
  /**
   * The traffic quota of a plan bought at `purchasedAt` (null: none); a purchase starts a new
   * cycle, so the member is no longer over quota.
   */
  quota?: { quota: TrafficQuota | null; purchasedAt: number };
}

/** A user's membership columns (the caller locks the row first when it writes after). */
export async function findMembership(db: Db, userId: number): Promise<MembershipRow> {
  return db
    .selectFrom('users')
    .select([
      'standard_expires_at',
      'lite_expires_at',
      'devices_allowed',
      'yearly_paid_user',
      'benefits_expires_at',
      'trial_used',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Writes a membership change and marks the row updated at `now`. */
export async function updateMembership(
  db: Db,
  userId: number,
  change: MembershipChange,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(change.membership
        ? {
            standard_expires_at: change.membership.standardExpiresAt,
            lite_expires_at: change.membership.liteExpiresAt,
          }
        : {}),
      ...(change.devicesAllowed === undefined ? {} : { devices_allowed: change.devicesAllowed }),
      ...(change.yearlyPaidUser ? { yearly_paid_user: 1 } : {}),
      ...(change.benefitsExpiresAt === undefined
        ? {}
        : { benefits_expires_at: change.benefitsExpiresAt }),
      ...(change.trialUsed ? { trial_used: 1 } : {}),
      ...(change.quota
        ? {
            quota_gb: change.quota.quota?.gb ?? null,
            quota_reset: change.quota.quota?.reset ?? null,
            quota_purchased_at: change.quota.quota ? change.quota.purchasedAt : null,
            over_quota_until: null,
          }
        : {}),
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/** How many accounts (not deleted) have time left on a plan at `now`. */
export async function activeMemberCount(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('standard_expires_at', '>', now), eb('lite_expires_at', '>', now)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PlanColumn = 'standard_expires_at' | 'lite_expires_at';
export type PlanName = 'standard' | 'lite';

/**
 * Members whose `plan` time ends within [from, to] and who have not had `notice` for that end
 * yet: members with an e-mail address, not deleted or suspended, who paid for an order at least
 * once (users.paid_orders; a free trial or a code alone gets no reminders). Oldest end first.
 * The membership_notices table (migration 0021) is kept here with the columns it is judged by.
 */
export async function membersDueNotice(
  db: Db,
  input: { plan: PlanName; notice: MembershipNotice; from: number; to: number; limit: number },
): Promise<{ userId: number; expiresAt: number }[]> {
  const column: PlanColumn = input.plan === 'standard' ? 'standard_expires_at' : 'lite_expires_at';
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id as userId', `u.${column} as expiresAt`])
    .where(`u.${column}`, '>=', input.from)
    .where(`u.${column}`, '<=', input.to)
    .where('u.email', 'is not', null)
    .where('u.deleted_at', 'is', null)
    .where('u.suspended_at', 'is', null)
    .where('u.paid_orders', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('membership_notices as n')
            .select('n.user_id')
            .whereRef('n.user_id', '=', 'u.id')
            .where('n.plan', '=', input.plan)
            .where('n.notice', '=', input.notice)
            .whereRef('n.expires_at', '=', `u.${column}`),
        ),
      ),
    )
    .orderBy(`u.${column}`)
    .limit(input.limit)
    .execute();
  return rows.map((r) => ({ userId: r.userId, expiresAt: Number(r.expiresAt) }));
}

/**
 * Records that a notice goes out for this end: true for the one caller that recorded it (the
 * primary key turns away every other process and every later run).
 */
export async function claimMembershipNotice(
  trx: Db,
  row: { userId: number; plan: PlanName; notice: MembershipNotice; expiresAt: number; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('membership_notices')
    .values({
      user_id: row.userId,
      plan: row.plan,
      notice: row.notice,
      expires_at: row.expiresAt,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'plan', 'notice', 'expires_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
