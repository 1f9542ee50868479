import { searchPageRequest } from '@nimbus/domain';
import { rowId } from '../../db/row-id.ts';
import {
  adjustUserTime,
  reasonOf,
  reinstateUser,
  revokeUserSessions,
  suspendUser,
  unbindUserDevice,
} from './user-admin.ts';
import { changeUserContact } from './user-contact.ts';
import { userDetail } from './user-detail.ts';
import { searchUsers } from '../../users/user-search.ts';
import { grantTrafficTopUp, quotaView } from '../../membership/index.ts';
import { operatorOf, type AdminHandler } from '../../http/console-handler.ts';

/** A user id as the console sends it; one that is not a number names nobody. */
/**
 * A user id from the console as a row id: 0 (no such user) past the largest row id, never a
 * database error (db/row-id.ts).
 */
export const userIdOf = rowId;

// POST /api/admin/user_search
export const adminUserSearch: AdminHandler<'adminUserSearch'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const found = await searchUsers(ctx.services.db, input, page);
  return { ...found, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/user_detail
export const adminUserDetail: AdminHandler<'adminUserDetail'> = async (input, ctx) =>
  userDetail(ctx.services.db, userIdOf(input.userId), ctx.now, ctx.language);

// POST /api/admin/user_suspend
export const adminUserSuspend: AdminHandler<'adminUserSuspend'> = async (input, ctx) => ({
  user: await suspendUser(
    ctx.services,
    { userId: userIdOf(input.userId), reason: input.reason },
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_reinstate
export const adminUserReinstate: AdminHandler<'adminUserReinstate'> = async (input, ctx) => ({
  user: await reinstateUser(
    ctx.services,
    { userId: userIdOf(input.userId), reason: input.reason },
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_revoke_sessions
export const adminUserRevokeSessions: AdminHandler<'adminUserRevokeSessions'> = async (
  input,
  ctx,
) => ({
  revoked: await revokeUserSessions(
    ctx.services,
    userIdOf(input.userId),
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_adjust_time
export const adminUserAdjustTime: AdminHandler<'adminUserAdjustTime'> = async (input, ctx) => ({
  user: await adjustUserTime(
    ctx.services,
    { ...input, userId: userIdOf(input.userId) },
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_top_up
export const adminUserTopUp: AdminHandler<'adminUserTopUp'> = async (input, ctx) => ({
  traffic: quotaView(
    await grantTrafficTopUp(ctx.services.db, {
      userId: userIdOf(input.userId),
      gb: input.gb,
      reason: reasonOf(input.reason),
      actor: operatorOf(ctx).actor,
      now: ctx.now,
    }),
  ),
});

// POST /api/admin/user_unbind_device
export const adminUserUnbindDevice: AdminHandler<'adminUserUnbindDevice'> = async (input, ctx) => {
  const deviceId = rowId(input.deviceId);
  await unbindUserDevice(
    ctx.services,
    { userId: userIdOf(input.userId), deviceId },
    operatorOf(ctx).actor,
    ctx.now,
  );
  return { deviceId: input.deviceId };
};

// POST /api/admin/user_change_contact
export const adminUserChangeContact: AdminHandler<'adminUserChangeContact'> = async (input, ctx) =>
  changeUserContact(
    ctx.services,
    { ...input, userId: userIdOf(input.userId) },
    operatorOf(ctx).actor,
    ctx.now,
  );
