import { Type, type Static } from 'typebox';
import { DeviceKind, DevicePlatform } from '@nimbus/domain';
import { Empty, Id, NoInput, Timestamp } from './common.ts';

const DeviceName = Type.String({ minLength: 1, maxLength: 64 });

/** A device bound to the account (spec section 3, "Device"). */
export const Device = Type.Object({
  id: Id,
  /** Platform: 0 iOS, 1 Android, 2 Mac, 3 Windows, 4 other. */
  type: Type.Enum(DevicePlatform),
  /** 0 mobile, 1 PC. */
  kind: Type.Enum(DeviceKind),
  /** Operating system and its version, for example "iOS 18.2". */
  system: Type.String(),
  /** App version. */
  version: Type.String(),
  name: Type.String(),
  boundAt: Timestamp,
  /** True for the device that made this call. */
  current: Type.Boolean(),
});
export type Device = Static<typeof Device>;

export const DeviceListResponse = Type.Object({
  items: Type.Array(Device),
  /** The plan's device limit; binding beyond it is refused (DEVICE_LIMIT_REACHED). */
  deviceLimit: Type.Integer({ minimum: 0 }),
});

export const UnbindDeviceRequest = Type.Object({ deviceId: Id }, { additionalProperties: false });

/** Sent by the native apps when they sign in on a device. */
export const BindDeviceRequest = Type.Object(
  {
    /** The app's own stable id of the device (bind is idempotent per account and deviceId). */
    deviceId: Type.String({ minLength: 1, maxLength: 128 }),
    platform: Type.Enum(DevicePlatform),
    kind: Type.Enum(DeviceKind),
    system: Type.String({ maxLength: 64 }),
    version: Type.String({ maxLength: 32 }),
    name: DeviceName,
  },
  { additionalProperties: false },
);

/** Rename (the inline edit of the device list: newlines stripped and trimmed before sending). */
export const UpdateDeviceRequest = Type.Object(
  { deviceId: Id, name: DeviceName },
  { additionalProperties: false },
);

export const device = {
  userGetDeviceList: { request: NoInput, response: DeviceListResponse },
  userUnbindDevice: { request: UnbindDeviceRequest, response: Empty },
  userBindDevice: { request: BindDeviceRequest, response: Device },
  userUpdateDevice: { request: UpdateDeviceRequest, response: Device },
} as const;
