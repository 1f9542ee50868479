import { rowId } from '../db/row-id.ts';
import { operatorOf, type AdminHandler } from '../http/console-handler.ts';
import { unbindUserDevice } from './unbind-device.ts';

/** The console's call about a member's devices (the user screen's unbind). */

// POST /api/admin/user_unbind_device
export const adminUserUnbindDevice: AdminHandler<'adminUserUnbindDevice'> = async (input, ctx) => {
  const deviceId = rowId(input.deviceId);
  await unbindUserDevice(
    ctx.services,
    { userId: rowId(input.userId), deviceId },
    operatorOf(ctx).actor,
    ctx.now,
  );
  return { deviceId: input.deviceId };
};
