import { searchPageRequest } from '@nimbus/domain';
import { operatorOf, type AdminHandler } from '../http/console-handler.ts';
import type { OrderServices } from './order-services.ts';
import {
  cancelForOperator,
  markPaidForOperator,
  refundForOperator,
  searchOrders,
} from './console-actions.ts';

// POST /api/admin/order_search
export const adminOrderSearch: AdminHandler<'adminOrderSearch'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const found = await searchOrders(ctx.services.db, input, page, ctx.language);
  return { ...found, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/order_refund
export const adminOrderRefund: AdminHandler<'adminOrderRefund', OrderServices> = async (
  input,
  ctx,
) => refundForOperator(ctx.services, input, operatorOf(ctx).actor, ctx.now, ctx.language);

// POST /api/admin/order_mark_paid
export const adminOrderMarkPaid: AdminHandler<'adminOrderMarkPaid', OrderServices> = async (
  input,
  ctx,
) => markPaidForOperator(ctx.services, input, operatorOf(ctx).actor, ctx.now, ctx.language);

// POST /api/admin/order_cancel
export const adminOrderCancel: AdminHandler<'adminOrderCancel', OrderServices> = async (
  input,
  ctx,
) => cancelForOperator(ctx.services, input, operatorOf(ctx).actor, ctx.now, ctx.language);
