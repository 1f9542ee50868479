import type { AdminRedeemRow } from '@nimbus/api-sdk/contract';
import { searchPageRequest, ShopGroupType } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { reasonOf } from '../accounts/index.ts';
import { rowId } from '../db/row-id.ts';
import type { RedeemCodesTable } from '../db/schema.ts';
import { operatorOf, type AdminCallContext, type AdminHandler } from '../http/console-handler.ts';
import { adjustUserTime } from './adjust-time.ts';
import { grantTrafficTopUp, quotaView } from './traffic-quota.ts';
import { createRedeemBatch, disableRedeem } from './manage-redeem-codes.ts';
import { findRedeemCode, pageRedeemCodes } from './redeem-code.ts';

/**
 * The redeem codes' console calls (the promo codes' are the orders') and the user screen's
 * membership time and traffic top-up.
 */

const change = (ctx: AdminCallContext) => ({ actor: operatorOf(ctx).actor, now: ctx.now });

const statusFilter = (status: 'active' | 'inactive' | undefined) =>
  status === undefined ? undefined : status === 'active';

export function adminRedeemRow(row: Selectable<RedeemCodesTable>): AdminRedeemRow {
  return {
    code: row.code,
    type: row.group_type === ShopGroupType.LITE ? 'lite' : 'standard',
    days: row.days,
    devicesAllowed: row.devices_allowed,
    uses: row.uses,
    maxUses: row.max_uses,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    active: row.active === 1,
    createdAt: Number(row.created_at),
  };
}

// POST /api/admin/redeem_list
export const adminRedeemList: AdminHandler<'adminRedeemList'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const { rows, ...total } = await pageRedeemCodes(
    ctx.services.db,
    { prefix: (input.query ?? '').trim().toUpperCase(), active: statusFilter(input.status) },
    page,
  );
  return { items: rows.map(adminRedeemRow), ...total, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/redeem_create
export const adminRedeemCreate: AdminHandler<'adminRedeemCreate'> = async (input, ctx) => {
  const groupType = input.type === 'lite' ? ShopGroupType.LITE : ShopGroupType.STANDARD;
  const codes = await createRedeemBatch(
    ctx.services.db,
    {
      groupType,
      days: input.days,
      devicesAllowed: input.devicesAllowed ?? (groupType === ShopGroupType.STANDARD ? 5 : 2),
      maxUses: input.maxUses ?? 1,
      count: input.count ?? 1,
      expiresAt: input.expiresAt ?? null,
      code: input.code ?? null,
    },
    change(ctx),
  );
  return { codes };
};

// POST /api/admin/redeem_disable
export const adminRedeemDisable: AdminHandler<'adminRedeemDisable'> = async (input, ctx) => {
  const { changed } = await disableRedeem(ctx.services.db, input.code, change(ctx));
  const row = await findRedeemCode(ctx.services.db, input.code.trim().toUpperCase());
  if (!row) throw new Error(`redeem code ${input.code} cannot be read back`);
  return { redeem: adminRedeemRow(row), changed };
};

// POST /api/admin/user_adjust_time
export const adminUserAdjustTime: AdminHandler<'adminUserAdjustTime'> = async (input, ctx) => ({
  user: await adjustUserTime(
    ctx.services,
    { ...input, userId: rowId(input.userId) },
    operatorOf(ctx).actor,
    ctx.now,
  ),
});

// POST /api/admin/user_top_up
export const adminUserTopUp: AdminHandler<'adminUserTopUp'> = async (input, ctx) => ({
  traffic: quotaView(
    await grantTrafficTopUp(ctx.services.db, {
      userId: rowId(input.userId),
      gb: input.gb,
      reason: reasonOf(input.reason),
      actor: operatorOf(ctx).actor,
      now: ctx.now,
    }),
  ),
});
