import type { Db } from '../db/database.ts';

/**
 * The `device_trials` table: which device took which trial (free or invited), so each is given
 * once per device. The rows outlive the account (deleting it only forgets the user), so
 * deleting and registering again gives no new trial.
 */
export type TrialKind = 'free' | 'invited';

/** Whether this device took this kind of trial already. */
export async function deviceUsedTrial(db: Db, deviceId: string, kind: TrialKind): Promise<boolean> {
  const row = await db
    .selectFrom('device_trials')
    .select('device_id')
    .where('device_id', '=', deviceId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the device's trial of this kind for a user; false when the device had it already
 * (the unique key decides under races).
 */
export async function claimDeviceTrial(
  db: Db,
  claim: { deviceId: string; kind: TrialKind; userId: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('device_trials')
    .values({ device_id: claim.deviceId, kind: claim.kind, user_id: claim.userId, used_at: now })
    .onConflict((oc) => oc.columns(['device_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets which user took the trials (the devices keep them). */
export async function forgetTrialUser(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('device_trials')
    .set({ user_id: null })
    .where('user_id', '=', userId)
    .execute();
}
