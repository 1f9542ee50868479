import type { AdminPlanRow } from '@nimbus/api-sdk/contract';
import { pageRequest, planDiscountPercent, ShopGroupType, type Language } from '@nimbus/domain';
import type { CatalogServices } from './catalog-services.ts';
import { createPlan, editPlan, planQuota } from './manage-plans.ts';
import { pagePlans } from './store.ts';
import { productName } from './catalogue.ts';
import type { PlanRow } from './store.ts';
import { operatorOf, type AdminHandler } from '../http/console-handler.ts';

/** A plan as the console shows it. */
export function adminPlanRow(p: PlanRow, language: Language): AdminPlanRow {
  return {
    planId: String(p.id),
    type: p.group_type === ShopGroupType.LITE ? 'lite' : 'standard',
    name: productName(language, p.group_type, p.duration_days),
    durationDays: p.duration_days,
    priceMinor: p.price_minor,
    originalPriceMinor: p.original_price_minor,
    discountPercent: planDiscountPercent(p.price_minor, p.original_price_minor),
    currency: p.currency,
    devicesAllowed: p.devices_allowed,
    groupBuy: p.group_buy === 1,
    recommended: p.recommended === 1,
    sortOrder: p.sort_order,
    active: p.active === 1,
    quota: planQuota(p),
  };
}

// POST /api/admin/plan_list
export const adminPlanList: AdminHandler<'adminPlanList'> = async (input, ctx) => {
  const page = pageRequest(input.page, input.pageSize);
  const { rows, total } = await pagePlans(
    ctx.services.db,
    input.status === undefined ? {} : { active: input.status === 'active' },
    page,
  );
  return {
    items: rows.map((p) => adminPlanRow(p, ctx.language)),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
};

// POST /api/admin/plan_create
export const adminPlanCreate: AdminHandler<'adminPlanCreate', CatalogServices> = async (
  input,
  ctx,
) => {
  const plan = await createPlan(
    ctx.services,
    {
      ...input,
      groupType: input.type === 'lite' ? ShopGroupType.LITE : ShopGroupType.STANDARD,
    },
    { actor: operatorOf(ctx).actor, now: ctx.now },
  );
  return { plan: adminPlanRow(plan, ctx.language) };
};

// POST /api/admin/plan_update
export const adminPlanUpdate: AdminHandler<'adminPlanUpdate', CatalogServices> = async (
  input,
  ctx,
) => {
  const { planId, ...edit } = input;
  const id = /^\d{1,7}$/.test(planId) ? Number(planId) : 0;
  const { after } = await editPlan(ctx.services, id, edit, {
    actor: operatorOf(ctx).actor,
    now: ctx.now,
  });
  return { plan: adminPlanRow(after, ctx.language) };
};
