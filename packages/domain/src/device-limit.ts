import { err, ok, type Result } from './result.ts';

export interface DeviceBindingCheck {
  /** The device is bound already: signing in again on it takes no new slot. */
  readonly alreadyBound: boolean;
  /** Slots left after this device is bound. */
  readonly remainingSlots: number;
}

/**
 * Whether a device may be bound to the account, given the devices already bound and the
 * number the user's plan allows. A device already in the list is always fine; a new one
 * needs a free slot (the user unbinds one in the account centre otherwise).
 */
export function checkDeviceBinding(input: {
  readonly boundDeviceIds: readonly string[];
  readonly deviceId: string;
  readonly devicesAllowed: number;
}): Result<DeviceBindingCheck, 'device_limit_reached'> {
  const bound = new Set(input.boundDeviceIds);
  if (bound.has(input.deviceId)) {
    return ok({
      alreadyBound: true,
      remainingSlots: Math.max(0, input.devicesAllowed - bound.size),
    });
  }
  if (!canBindAnotherDevice(bound.size, input.devicesAllowed)) return err('device_limit_reached');
  return ok({ alreadyBound: false, remainingSlots: input.devicesAllowed - bound.size - 1 });
}

/** Whether one more device fits within the plan's devices allowed. */
export function canBindAnotherDevice(boundCount: number, devicesAllowed: number): boolean {
  return boundCount < devicesAllowed;
}
