import { PLAN_DAYS_MAX, PLAN_DEVICES_MAX, PLAN_PRICE_MAX_MINOR } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import { PageNumber, Currency, Id, Page, PAGE_SIZE_MAX } from '../schemas/common.ts';

/** The console's plans screen: the catalogue the shop sells, paged; create and edit (admin). */

const strict = { additionalProperties: false } as const;
const PlanType = Type.Enum(['standard', 'lite']);
const Days = Type.Integer({ minimum: 1, maximum: PLAN_DAYS_MAX });
const Price = Type.Integer({ minimum: 0, maximum: PLAN_PRICE_MAX_MINOR });
const Devices = Type.Integer({ minimum: 1, maximum: PLAN_DEVICES_MAX });
const SortOrder = Type.Integer({ minimum: 0, maximum: 1_000_000 });

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
      },
      strict,
    ),
    response: Type.Object({ plan: AdminPlanRow }),
  },
} as const;
