import { ErrorCode } from '@nimbus/api-sdk/contract';
import { lockedUser } from '../accounts/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { Refusal } from '../errors/refusal.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { deleteDeviceOf, devicesOfUser } from './store.ts';

/**
 * Unbinds one of an account's devices for support (the slot is free for another device, as when
 * the member unbinds it), audited with what the device was. DEVICE_NOT_FOUND for a device the
 * account does not have.
 */
export async function unbindUserDevice(
  services: PlatformServices,
  input: { userId: number; deviceId: number },
  actor: Actor,
  now: number,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    await lockedUser(trx, services.dialect, input.userId);
    const device = (await devicesOfUser(trx, input.userId)).find((d) => d.id === input.deviceId);
    if (!device || !(await deleteDeviceOf(trx, input.userId, device.id)))
      throw new Refusal(ErrorCode.DEVICE_NOT_FOUND);
    await writeAudit(trx, {
      actor,
      action: 'user.device_unbound',
      subjectType: 'user',
      subjectId: input.userId,
      data: { deviceId: device.id, name: device.name, platform: device.platform },
      at: now,
    });
  });
}
