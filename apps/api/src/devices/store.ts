import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DevicesTable } from '../db/schema.ts';
import { sessionDeviceIds } from '../security/sessions.ts';

/** The `devices` table: the native apps' devices bound to an account. */
export type DeviceRow = Selectable<DevicesTable>;

/** A user's devices, oldest first. */
export async function devicesOfUser(db: Db, userId: number): Promise<DeviceRow[]> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deviceCountOfUser(db: Db, userId: number): Promise<{ n: number }> {
  return db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function insertDevice(db: Db, device: Insertable<DevicesTable>): Promise<DeviceRow> {
  return db.insertInto('devices').values(device).returningAll().executeTakeFirstOrThrow();
}

/** Changes one of the user's devices; undefined when the user has no such device. */
export async function updateDeviceOf(
  db: Db,
  userId: number,
  id: number,
  changes: Omit<Updateable<DevicesTable>, 'id' | 'user_id'>,
): Promise<DeviceRow | undefined> {
  return db
    .updateTable('devices')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Unbinds one of the user's devices; false when the user has no such device. */
export async function deleteDeviceOf(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('devices')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Unbinds every device of a user (account deletion). */
export async function deleteDevicesOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
}

/** Device ids a user has signed in or bound with (for the self-referral rule). */
export async function deviceIdsOfUser(db: Db, userId: number): Promise<string[]> {
  const [sessions, devices] = await Promise.all([
    sessionDeviceIds(db, userId),
    db.selectFrom('devices').select('device_key').where('user_id', '=', userId).execute(),
  ]);
  return [...new Set([...sessions, ...devices.map((d) => d.device_key)])].filter(Boolean);
}
