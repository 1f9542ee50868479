import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  PLAN_DAYS_MAX,
  PLAN_DEVICES_MAX,
  planDiscountPercent,
  planFieldErrors,
  ShopGroupType,
  TRAFFIC_QUOTA_GB_MAX,
  trafficQuotaErrors,
  type PlanFieldError,
  type TrafficQuota,
  type TrafficResetRule,
} from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import type { CatalogServices } from './catalog-services.ts';
import { findPlanById, insertPlan, nextPlanId, updatePlan } from './store.ts';
import type { PlanRow } from './store.ts';

/**
 * What operators do with the plan catalogue, for `pnpm ops plans` and the console alike: create
 * a plan, change its price, length, devices, traffic quota and visibility, withdraw it or put it
 * back. Members keep the quota of the plan they bought until they buy again. The
 * fields are checked by the domain's plan rule; every change is one transaction with its audit
 * row, and the shop's cached list is dropped so the change shows at once in this process (within
 * the cache time elsewhere).
 */

export interface PlanChange {
  actor: Actor;
  now: number;
}

export interface NewPlan {
  groupType: ShopGroupType;
  durationDays: number;
  priceMinor: number;
  /** The crossed-out price; the price itself when absent. */
  originalPriceMinor?: number | undefined;
  /** Standard 5, Lite 2 when absent. */
  devicesAllowed?: number | undefined;
  groupBuy?: boolean | undefined;
  recommended?: boolean | undefined;
  /** The shop's order; the plan's id when absent or 0. */
  sortOrder?: number | undefined;
  /** A chosen id; the next free one when absent. */
  id?: number | undefined;
  /** The monthly traffic quota; none when absent or null. */
  quota?: QuotaInput | null | undefined;
}

/** A quota as asked for (checked by the domain); the reset rule defaults to `month_start`. */
export interface QuotaInput {
  gb: number;
  reset?: string | undefined;
}

export interface PlanEdit {
  durationDays?: number | undefined;
  priceMinor?: number | undefined;
  /** When the price changes without it: kept, or raised to the new price. */
  originalPriceMinor?: number | undefined;
  devicesAllowed?: number | undefined;
  groupBuy?: boolean | undefined;
  recommended?: boolean | undefined;
  sortOrder?: number | undefined;
  /** Sold in the shop. */
  active?: boolean | undefined;
  /** A new quota (a reset rule left out keeps the plan's), or null to remove it. */
  quota?: QuotaInput | null | undefined;
}

const typeName = (t: number) => (t === ShopGroupType.LITE ? 'lite' : 'standard');

/** A plan as operators read it (ops --json, audit rows). */
export function planView(p: PlanRow) {
  return {
    id: p.id,
    type: typeName(p.group_type),
    days: p.duration_days,
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

/** The traffic quota a plan carries, or null (no limit). */
export function planQuota(p: Pick<PlanRow, 'quota_gb' | 'quota_reset'>): TrafficQuota | null {
  return p.quota_gb === null
    ? null
    : { gb: p.quota_gb, reset: (p.quota_reset ?? 'month_start') as TrafficResetRule };
}

/**
 * The quota columns for a quota as asked for (`fallbackReset` when no rule is given), refused
 * through the domain rule: not a whole GB from 1 to TRAFFIC_QUOTA_GB_MAX, or an unknown rule.
 */
export function quotaColumns(
  quota: QuotaInput | null,
  fallbackReset: string,
): { quota_gb: number | null; quota_reset: string | null } {
  if (quota === null) return { quota_gb: null, quota_reset: null };
  const asked = { gb: quota.gb, reset: quota.reset ?? fallbackReset };
  const errors = trafficQuotaErrors(asked);
  if (errors.gb) throw validationRefusal(errors.gb, { max: TRAFFIC_QUOTA_GB_MAX });
  if (errors.reset) throw validationRefusal(errors.reset);
  return { quota_gb: asked.gb, quota_reset: asked.reset };
}

const LIMITS: Partial<Record<PlanFieldError, { max: number }>> = {
  days_invalid: { max: PLAN_DAYS_MAX },
  devices_invalid: { max: PLAN_DEVICES_MAX },
};

/** Refuses a plan the domain rule finds fault with (the first problem, localised). */
function checkPlan(
  row: Omit<PlanRow, 'id' | 'currency' | 'active' | 'quota_gb' | 'quota_reset'>,
): void {
  const [problem] = planFieldErrors({
    durationDays: row.duration_days,
    priceMinor: row.price_minor,
    originalPriceMinor: row.original_price_minor,
    devicesAllowed: row.devices_allowed,
  });
  if (problem) throw validationRefusal(problem, LIMITS[problem]);
  if (!Number.isInteger(row.sort_order) || row.sort_order < 0 || row.sort_order > 1_000_000)
    throw validationRefusal('check_input');
}

/** Adds a plan (sold at once); PLAN_EXISTS when a chosen id is taken. */
export async function createPlan(
  services: CatalogServices,
  input: NewPlan,
  change: PlanChange,
): Promise<PlanRow> {
  const fields = {
    group_type: input.groupType,
    duration_days: input.durationDays,
    price_minor: input.priceMinor,
    original_price_minor: input.originalPriceMinor ?? input.priceMinor,
    devices_allowed: input.devicesAllowed ?? (input.groupType === ShopGroupType.STANDARD ? 5 : 2),
    group_buy: input.groupBuy ? 1 : 0,
    recommended: input.recommended ? 1 : 0,
    sort_order: input.sortOrder ?? 0,
  };
  checkPlan(fields);
  const quota = quotaColumns(input.quota ?? null, 'month_start');
  const plan = await services.db.transaction().execute(async (trx) => {
    const id = input.id ?? (await nextPlanId(trx));
    if (await findPlanById(trx, id)) throw new Refusal(ErrorCode.PLAN_EXISTS);
    const row: PlanRow = {
      ...fields,
      ...quota,
      id,
      currency: 'USD',
      active: 1,
      sort_order: fields.sort_order || id,
    };
    await insertPlan(trx, row);
    await writeAudit(trx, {
      actor: change.actor,
      action: 'plan.created',
      subjectType: 'plan',
      subjectId: id,
      data: planView(row),
      at: change.now,
    });
    return row;
  });
  services.plans.invalidate();
  return plan;
}

/**
 * Changes a plan's fields and visibility (running group buys and unpaid orders keep the plan as
 * sold). PLAN_NOT_FOUND for an unknown id; an edit that changes nothing writes nothing.
 */
export async function editPlan(
  services: CatalogServices,
  id: number,
  edit: PlanEdit,
  change: PlanChange,
): Promise<{ before: PlanRow; after: PlanRow }> {
  const result = await services.db.transaction().execute(async (trx) => {
    const before = await findPlanById(trx, id);
    if (!before) throw new Refusal(ErrorCode.PLAN_NOT_FOUND);
    const price = edit.priceMinor ?? before.price_minor;
    const fields = {
      group_type: before.group_type,
      duration_days: edit.durationDays ?? before.duration_days,
      price_minor: price,
      original_price_minor: edit.originalPriceMinor ?? Math.max(before.original_price_minor, price),
      devices_allowed: edit.devicesAllowed ?? before.devices_allowed,
      group_buy: (edit.groupBuy ?? before.group_buy === 1) ? 1 : 0,
      recommended: (edit.recommended ?? before.recommended === 1) ? 1 : 0,
      sort_order: edit.sortOrder ?? before.sort_order,
    };
    checkPlan(fields);
    const quota =
      edit.quota === undefined
        ? { quota_gb: before.quota_gb, quota_reset: before.quota_reset }
        : quotaColumns(edit.quota, before.quota_reset ?? 'month_start');
    const active = (edit.active ?? before.active === 1) ? 1 : 0;
    const after: PlanRow = { ...before, ...fields, ...quota, active };
    if (JSON.stringify(after) === JSON.stringify(before)) return { before, after, changed: false };
    await updatePlan(trx, id, { ...fields, ...quota, active });
    await writeAudit(trx, {
      actor: change.actor,
      action: 'plan.updated',
      subjectType: 'plan',
      subjectId: id,
      data: { before: planView(before), after: planView(after) },
      at: change.now,
    });
    return { before, after, changed: true };
  });
  if (result.changed) services.plans.invalidate();
  return { before: result.before, after: result.after };
}

/** Withdraws a plan from the shop or puts it back; `changed` false when it already was. */
export async function setPlanActive(
  services: CatalogServices,
  id: number,
  active: boolean,
  change: PlanChange,
): Promise<{ plan: PlanRow; changed: boolean }> {
  const result = await services.db.transaction().execute(async (trx) => {
    const plan = await findPlanById(trx, id);
    if (!plan) throw new Refusal(ErrorCode.PLAN_NOT_FOUND);
    const flag = active ? 1 : 0;
    if (plan.active === flag) return { plan, changed: false };
    await updatePlan(trx, id, { active: flag });
    await writeAudit(trx, {
      actor: change.actor,
      action: active ? 'plan.enabled' : 'plan.disabled',
      subjectType: 'plan',
      subjectId: id,
      data: {},
      at: change.now,
    });
    return { plan: { ...plan, active: flag }, changed: true };
  });
  if (result.changed) services.plans.invalidate();
  return result;
}
