import type { AdminHandler } from '../../http/console-handler.ts';
import { overview } from './overview.ts';

// POST /api/admin/overview
export const adminOverview: AdminHandler<'adminOverview'> = async (_input, ctx) =>
  overview(ctx.services.db, ctx.now);
