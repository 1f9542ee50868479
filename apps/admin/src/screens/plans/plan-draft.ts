import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import {
  parseAmountMinor,
  PLAN_DAYS_MAX,
  PLAN_DEVICES_MAX,
  planFieldErrors,
  TRAFFIC_QUOTA_GB_MAX,
  trafficQuotaErrors,
  type PlanFieldError,
  type TrafficResetRule,
  type ValidationError,
} from '@nimbus/domain';

export type PlanRow = AdminResponseOf<'adminPlanList'>['items'][number];

/** A plan form as typed: amounts and numbers are text until the form is sent. */
export interface PlanDraft {
  type: 'standard' | 'lite';
  days: string;
  price: string;
  original: string;
  devices: string;
  sort: string;
  /** The monthly traffic quota in GB; empty: no limit. */
  quotaGb: string;
  quotaReset: TrafficResetRule;
  groupBuy: boolean;
  recommended: boolean;
  active: boolean;
}

export type PlanDraftField = 'days' | 'price' | 'original' | 'devices' | 'sort' | 'quotaGb';

export const EMPTY_PLAN: PlanDraft = {
  type: 'standard',
  days: '',
  price: '',
  original: '',
  devices: '',
  sort: '',
  quotaGb: '',
  quotaReset: 'month_start',
  groupBuy: false,
  recommended: false,
  active: true,
};

const amount = (minor: number) => (minor / 100).toFixed(2);

export function draftOf(plan: PlanRow): PlanDraft {
  return {
    type: plan.type,
    days: String(plan.durationDays),
    price: amount(plan.priceMinor),
    original: amount(plan.originalPriceMinor),
    devices: String(plan.devicesAllowed),
    sort: String(plan.sortOrder),
    quotaGb: plan.quota === null ? '' : String(plan.quota.gb),
    quotaReset: plan.quota?.reset ?? 'month_start',
    groupBuy: plan.groupBuy,
    recommended: plan.recommended,
    active: plan.active,
  };
}

const whole = (text: string): number | null =>
  /^\d{1,7}$/.test(text.trim()) ? Number(text) : null;

/** The fields a create and an edit both send (the position only when one was typed). */
export interface ParsedPlan {
  durationDays: number;
  priceMinor: number;
  originalPriceMinor: number;
  devicesAllowed: number;
  sortOrder?: number;
  /** The traffic quota; null: no limit (an edit removes one). */
  quota: { gb: number; reset: TrafficResetRule } | null;
  groupBuy: boolean;
  recommended: boolean;
}

/** A validation message key and its values, per field of the form. */
export type DraftErrors = Partial<
  Record<PlanDraftField, { key: PlanFieldError | ValidationError | 'check_input'; max?: number }>
>;

/**
 * The draft as the call's numbers, or the problems per field (the domain's plan and quota rules,
 * the same the server applies). Devices default by type when left empty; an empty quota is none.
 */
export function parseDraft(
  draft: PlanDraft,
): { ok: true; plan: ParsedPlan } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const price = parseAmountMinor(draft.price);
  const original = draft.original.trim() === '' ? price : parseAmountMinor(draft.original);
  const days = whole(draft.days);
  const devices =
    draft.devices.trim() === '' ? (draft.type === 'standard' ? 5 : 2) : whole(draft.devices);
  const sort = draft.sort.trim() === '' ? undefined : whole(draft.sort);
  // The quota by the domain's rule (whole GB from 1), the one the server applies.
  const quotaText = draft.quotaGb.trim();
  const quota =
    quotaText === ''
      ? null
      : {
          gb: /^-?\d+(\.\d+)?$/.test(quotaText) ? Number(quotaText) : NaN,
          reset: draft.quotaReset,
        };
  if (quota !== null && trafficQuotaErrors(quota).gb)
    errors.quotaGb = { key: 'quota_invalid', max: TRAFFIC_QUOTA_GB_MAX };
  if (price === null) errors.price = { key: 'amount_invalid' };
  if (original === null) errors.original = { key: 'amount_invalid' };
  if (sort === null) errors.sort = { key: 'check_input' };
  const plan: ParsedPlan = {
    durationDays: days ?? 0,
    priceMinor: price ?? 0,
    originalPriceMinor: original ?? price ?? 0,
    devicesAllowed: devices ?? 0,
    ...(sort == null ? {} : { sortOrder: sort }),
    quota,
    groupBuy: draft.groupBuy,
    recommended: draft.recommended,
  };
  for (const problem of planFieldErrors(plan)) {
    if (problem === 'days_invalid') errors.days = { key: problem, max: PLAN_DAYS_MAX };
    if (problem === 'devices_invalid') errors.devices = { key: problem, max: PLAN_DEVICES_MAX };
    if (problem === 'original_below_price') errors.original = { key: problem };
    if (problem === 'amount_invalid' && !errors.price && !errors.original)
      errors.price = { key: problem };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, plan };
}
