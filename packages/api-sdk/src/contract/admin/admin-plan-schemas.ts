import {
  PLAN_DAYS_MAX,
  PLAN_DEVICES_MAX,
  PLAN_PRICE_MAX_MINOR,
  TRAFFIC_RESET_RULES,
} from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { PageNumber, Currency, Id, Page, PAGE_SIZE_MAX } from '../schemas/common.ts';

/** The console's plans screen: the catalogue the shop sells, paged; create and edit (admin). */

const strict = { additionalProperties: false } as const;
const PlanType = Type.Enum(['standard', 'lite']);
const Days = Type.Integer({ minimum: 1, maximum: PLAN_DAYS_MAX });
const Price = Type.Integer({ minimum: 0, maximum: PLAN_PRICE_MAX_MINOR });
const Devices = Type.Integer({ minimum: 1, maximum: PLAN_DEVICES_MAX });
const SortOrder = Type.Integer({ minimum: 0, maximum: 1_000_000 });
/**
 * A monthly traffic quota as asked for: the server checks it by the domain rule (whole GB from 1
 * to TRAFFIC_QUOTA_GB_MAX, a known reset rule) and answers a localised VALIDATION_FAILED, so the
 * schema only bounds the shape (a safe number, so 1e308 is refused before it reaches anything). The reset rule defaults to `month_start` (kept on an edit).
 */
export const GbAsked = Type.Number({
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});
const QuotaInput = Type.Object(
  { gb: GbAsked, reset: Type.Optional(Type.String({ maxLength: 32 })) },
  strict,
);
export const PlanQuota = Type.Object({
  gb: Type.Integer({ minimum: 1 }),
  reset: Type.Enum([...TRAFFIC_RESET_RULES]),
});

export const AdminPlanRow = Type.Object({
  planId: Id,
  type: PlanType,
  /** The name the shop shows in the caller's language ("Standard · 12 months"). */
  name: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  priceMinor: Type.Integer({ minimum: 0 }),
  /** The crossed-out price. */
  originalPriceMinor: Type.Integer({ minimum: 0 }),
  discountPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  currency: Currency,
  devicesAllowed: Type.Integer({ minimum: 1 }),
  groupBuy: Type.Boolean(),
  recommended: Type.Boolean(),
  sortOrder: Type.Integer({ minimum: 0 }),
  /** Sold in the shop; a withdrawn plan is kept for its orders. */
  active: Type.Boolean(),
  /** The monthly traffic quota and its reset rule; null: no limit. */
  quota: Type.Union([PlanQuota, Type.Null()]),
});
export type AdminPlanRow = Static<typeof AdminPlanRow>;

export const adminPlanSchemas = {
  adminPlanList: {
    request: Type.Object(
      {
        /** Only the plans sold now (active) or only the withdrawn ones. */
        status: Type.Optional(Type.Enum(['active', 'inactive'])),
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: Page(AdminPlanRow),
  },
  adminPlanCreate: {
    request: Type.Object(
      {
        type: PlanType,
        durationDays: Days,
        priceMinor: Price,
        /** The price itself when absent. */
        originalPriceMinor: Type.Optional(Price),
        /** Standard 5, Lite 2 when absent. */
        devicesAllowed: Type.Optional(Devices),
        groupBuy: Type.Optional(Type.Boolean()),
        recommended: Type.Optional(Type.Boolean()),
        /** The shop's order; the plan's id when absent. */
        sortOrder: Type.Optional(SortOrder),
        /** No quota when absent or null. */
        quota: Type.Optional(Type.Union([QuotaInput, Type.Null()])),
      },
      strict,
    ),
    response: Type.Object({ plan: AdminPlanRow }),
  },
  adminPlanUpdate: {
    request: Type.Object(
      {
        planId: Id,
        durationDays: Type.Optional(Days),
        priceMinor: Type.Optional(Price),
        /** Kept (or raised to a new price) when absent. */
        originalPriceMinor: Type.Optional(Price),
        devicesAllowed: Type.Optional(Devices),
        groupBuy: Type.Optional(Type.Boolean()),
        recommended: Type.Optional(Type.Boolean()),
        sortOrder: Type.Optional(SortOrder),
        /** Sold in the shop (false withdraws it; orders and running group buys keep it). */
        active: Type.Optional(Type.Boolean()),
        /** A new quota, or null to remove it; members keep theirs until they buy again. */
        quota: Type.Optional(Type.Union([QuotaInput, Type.Null()])),
      },
      strict,
    ),
    response: Type.Object({ plan: AdminPlanRow }),
  },
} as const;
