import { searchPageRequest } from '@nimbus/domain';
import { auditPage } from '../../audit/index.ts';
import type { AdminHandler } from '../../http/console-handler.ts';
import { adminAuditRow } from '../users/user-detail.ts';

// POST /api/admin/audit_search
export const adminAuditSearch: AdminHandler<'adminAuditSearch'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const { rows, ...total } = await auditPage(ctx.services.db, input, page);
  return { items: rows.map(adminAuditRow), ...total, page: page.page, pageSize: page.pageSize };
};
