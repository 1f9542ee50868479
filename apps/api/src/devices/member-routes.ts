import { ErrorCode, type Device, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import {
  checkDeviceBinding,
  hasActiveMembership,
  normaliseInlineText,
  type DeviceKind,
  type DevicePlatform,
} from '@nimbus/domain';
import { findUserById, lockUser, membershipOf } from '../accounts/index.ts';
import {
  deleteDeviceOf,
  devicesOfUser,
  insertDevice,
  updateDeviceOf,
  type DeviceRow,
} from './store.ts';
import { rowId } from '../db/row-id.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';

const DEVICE_NAME_MAX = 64;

function toDevice(row: DeviceRow, currentDeviceId: string): Device {
  return {
    id: String(row.id),
    type: row.platform as DevicePlatform,
    kind: row.kind as DeviceKind,
    system: row.system,
    version: row.version,
    name: row.name,
    boundAt: row.created_at,
    current: row.device_key === currentDeviceId,
  };
}

/**
 * The row id behind a Device.id; anything else, an id past PostgreSQL's integers included, names
 * no device (answered DEVICE_NOT_FOUND, never a database error).
 */
function deviceRowId(deviceId: string): number {
  const id = /^[1-9]\d{0,14}$/.test(deviceId) ? rowId(deviceId) : 0;
  if (id === 0) throw new Refusal(ErrorCode.DEVICE_NOT_FOUND);
  return id;
}

function deviceName(raw: string): string {
  const name = normaliseInlineText(raw, { maxLength: DEVICE_NAME_MAX });
  if (!name.ok) throw validationRefusal(name.error, name.params);
  return name.value;
}

// POST /api/user/user_get_device_list
/** user_get_device_list: the caller's devices, oldest first, and the plan's limit. */
export async function listDevices(
  _input: RequestOf<'userGetDeviceList'>,
  ctx: CallContext,
): Promise<ResponseOf<'userGetDeviceList'>> {
  const { userId } = callerOf(ctx);
  const { db } = ctx.services;
  const [user, rows] = await Promise.all([findUserById(db, userId), devicesOfUser(db, userId)]);
  return {
    items: rows.map((r) => toDevice(r, ctx.deviceId)),
    deviceLimit: user?.devices_allowed ?? 0,
  };
}

// POST /api/user/user_bind_device
/**
 * user_bind_device (native apps): idempotent per account and the app's device id; a new device
 * needs running membership and a free slot (domain rule). The user row is locked so two racing
 * binds cannot both take the last slot.
 */
export async function bindDevice(
  input: RequestOf<'userBindDevice'>,
  ctx: CallContext,
): Promise<ResponseOf<'userBindDevice'>> {
  const { userId } = callerOf(ctx);
  const { services, now } = ctx;
  const name = deviceName(input.name);
  const row = await services.db.transaction().execute(async (trx) => {
    await lockUser(trx, services.dialect, userId);
    const user = await findUserById(trx, userId);
    if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
    const bound = await devicesOfUser(trx, userId);
    const existing = bound.find((d) => d.device_key === input.deviceId);
    if (!existing && !hasActiveMembership(membershipOf(user), now))
      throw new Refusal(ErrorCode.MEMBERSHIP_REQUIRED);
    const check = checkDeviceBinding({
      boundDeviceIds: bound.map((d) => d.device_key),
      deviceId: input.deviceId,
      devicesAllowed: user.devices_allowed,
    });
    if (!check.ok) throw new Refusal(ErrorCode.DEVICE_LIMIT_REACHED);
    const fields = {
      platform: input.platform,
      kind: input.kind,
      system: input.system,
      version: input.version,
      name,
      last_seen_at: now,
    };
    if (existing) {
      const updated = await updateDeviceOf(trx, userId, existing.id, fields);
      if (!updated) throw new Error('device vanished inside its transaction');
      return updated;
    }
    return insertDevice(trx, {
      ...fields,
      user_id: userId,
      device_key: input.deviceId,
      created_at: now,
    });
  });
  return toDevice(row, ctx.deviceId);
}

// POST /api/user/user_update_device
/** user_update_device: rename. Another user's device is answered as a missing one. */
export async function updateDevice(
  input: RequestOf<'userUpdateDevice'>,
  ctx: CallContext,
): Promise<ResponseOf<'userUpdateDevice'>> {
  const { userId } = callerOf(ctx);
  const id = deviceRowId(input.deviceId);
  const name = deviceName(input.name);
  const row = await updateDeviceOf(ctx.services.db, userId, id, { name });
  if (!row) throw new Refusal(ErrorCode.DEVICE_NOT_FOUND);
  return toDevice(row, ctx.deviceId);
}

// POST /api/user/user_unbind_device
/** user_unbind_device: frees the slot. Another user's device is answered as a missing one. */
export async function unbindDevice(
  input: RequestOf<'userUnbindDevice'>,
  ctx: CallContext,
): Promise<ResponseOf<'userUnbindDevice'>> {
  const { userId } = callerOf(ctx);
  const id = deviceRowId(input.deviceId);
  if (!(await deleteDeviceOf(ctx.services.db, userId, id)))
    throw new Refusal(ErrorCode.DEVICE_NOT_FOUND);
  return null;
}
