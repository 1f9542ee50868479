import type { AdminHandler } from '../admin-handler.ts';
import { overview } from './overview.ts';

// POST /api/admin/overview
export const adminOverview: AdminHandler<'adminOverview'> = async (_input, ctx) =>
  overview(ctx.services.db, ctx.now);
