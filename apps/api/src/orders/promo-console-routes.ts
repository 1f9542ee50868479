import type { AdminPromoRow } from '@nimbus/api-sdk/contract';
import { normalisePromoCode, PromoKind, searchPageRequest } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { PromoCodesTable } from '../db/schema.ts';
import { createPromo, disablePromo } from './manage-promo-codes.ts';
import { pagePromoCodes } from './promo-codes.ts';
import { operatorOf, type AdminCallContext, type AdminHandler } from '../http/console-handler.ts';

const change = (ctx: AdminCallContext) => ({ actor: operatorOf(ctx).actor, now: ctx.now });

const statusFilter = (status: 'active' | 'inactive' | undefined) =>
  status === undefined ? undefined : status === 'active';

function planIdsOf(json: string | null): string[] | null {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export function adminPromoRow(row: Selectable<PromoCodesTable>, uses: number): AdminPromoRow {
  return {
    code: row.code,
    kind: row.kind === PromoKind.FIXED ? 'fixed' : 'percent',
    value: row.value,
    currency: row.currency,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    endsAt: row.ends_at === null ? null : Number(row.ends_at),
    uses,
    maxUses: row.max_uses,
    maxUsesPerUser: row.max_uses_per_user,
    planIds: planIdsOf(row.plan_ids),
    active: row.active === 1,
    createdAt: Number(row.created_at),
  };
}

// POST /api/admin/promo_list
export const adminPromoList: AdminHandler<'adminPromoList'> = async (input, ctx) => {
  const page = searchPageRequest(input.page, input.pageSize);
  const { items, ...total } = await pagePromoCodes(
    ctx.services.db,
    { prefix: normalisePromoCode(input.query ?? ''), active: statusFilter(input.status) },
    page,
  );
  return {
    items: items.map(({ row, uses }) => adminPromoRow(row, uses)),
    ...total,
    page: page.page,
    pageSize: page.pageSize,
  };
};

/** The promo code's row as listed (with its uses), after a change. */
async function promoRowOf(ctx: AdminCallContext, code: string): Promise<AdminPromoRow> {
  const { items } = await pagePromoCodes(
    ctx.services.db,
    { exact: normalisePromoCode(code) },
    { offset: 0, limit: 1 },
  );
  const found = items[0];
  if (!found) throw new Error(`promo code ${code} cannot be read back`);
  return adminPromoRow(found.row, found.uses);
}

// POST /api/admin/promo_create
export const adminPromoCreate: AdminHandler<'adminPromoCreate'> = async (input, ctx) => {
  const fixed = input.amountMinor !== undefined;
  await createPromo(
    ctx.services.db,
    {
      code: input.code,
      kind: fixed ? PromoKind.FIXED : PromoKind.PERCENT,
      // Neither or both: the domain rule refuses the value (a percentage of 0).
      value: fixed && input.percent === undefined ? (input.amountMinor ?? 0) : (input.percent ?? 0),
      currency: fixed ? (input.currency ?? 'USD') : null,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      maxUses: input.maxUses ?? null,
      maxUsesPerUser: input.maxUsesPerUser ?? null,
      planIds: input.planIds?.map(Number) ?? null,
    },
    change(ctx),
  );
  return { promo: await promoRowOf(ctx, input.code) };
};

// POST /api/admin/promo_disable
export const adminPromoDisable: AdminHandler<'adminPromoDisable'> = async (input, ctx) => {
  const { changed } = await disablePromo(ctx.services.db, input.code, change(ctx));
  return { promo: await promoRowOf(ctx, input.code), changed };
};
