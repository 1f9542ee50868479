import type { Membership } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/**
 * The membership columns of the `users` table: the time each plan runs until, the devices and
 * benefits it brings and whether the free trial was used. This module is the only one that
 * reads or writes them apart from whole-row reads (users/user-store.ts); the account columns
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
