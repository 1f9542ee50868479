import { searchPageRequest } from '@nimbus/domain';
import { operatorOf, type AdminHandler } from '../http/console-handler.ts';
import type { OrderServices } from '../orders/index.ts';
import { closeGroupForOperator, groupDetailForConsole, searchGroups } from './manage-groups.ts';

// POST /api/admin/group_list
export const adminGroupList: AdminHandler<'adminGroupList'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const found = await searchGroups(ctx.services.db, input, page, ctx.now, ctx.language);
  return { ...found, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/group_detail
export const adminGroupDetail: AdminHandler<'adminGroupDetail'> = async (input, ctx) =>
  groupDetailForConsole(ctx.services.db, input.groupId.trim(), ctx.now, ctx.language);

// POST /api/admin/group_close
export const adminGroupClose: AdminHandler<'adminGroupClose', OrderServices> = async (input, ctx) =>
  closeGroupForOperator(ctx.services, input, operatorOf(ctx).actor, ctx.now, ctx.language);
