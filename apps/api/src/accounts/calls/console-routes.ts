import { searchPageRequest } from '@nimbus/domain';
import { rowId } from '../../db/row-id.ts';
import { operatorOf, type AdminHandler } from '../../http/console-handler.ts';
import { searchUsers } from '../user-search.ts';
import { changeUserContact } from './change-contact.ts';
import { reinstateUser, revokeUserSessions, suspendUser } from './manage-account.ts';

/** The console's calls about an account (the user screen's search, suspension, sessions, contact). */

// POST /api/admin/user_search
export const adminUserSearch: AdminHandler<'adminUserSearch'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const found = await searchUsers(ctx.services.db, input, page);
  return { ...found, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/user_suspend
export const adminUserSuspend: AdminHandler<'adminUserSuspend'> = async (input, ctx) => ({
  user: await suspendUser(
    ctx.services,
    { userId: rowId(input.userId), reason: input.reason },
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_reinstate
export const adminUserReinstate: AdminHandler<'adminUserReinstate'> = async (input, ctx) => ({
  user: await reinstateUser(
    ctx.services,
    { userId: rowId(input.userId), reason: input.reason },
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
    rowId(input.userId),
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_change_contact
export const adminUserChangeContact: AdminHandler<'adminUserChangeContact'> = async (input, ctx) =>
  changeUserContact(
    ctx.services,
    { ...input, userId: rowId(input.userId) },
    operatorOf(ctx).actor,
    ctx.now,
  );
