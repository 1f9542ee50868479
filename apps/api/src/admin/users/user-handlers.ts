import { rowId } from '../../db/row-id.ts';
import type { AdminHandler } from '../../http/console-handler.ts';
import { userDetail } from './user-detail.ts';

// POST /api/admin/user_detail
export const adminUserDetail: AdminHandler<'adminUserDetail'> = async (input, ctx) =>
  userDetail(ctx.services.db, rowId(input.userId), ctx.now, ctx.language);
