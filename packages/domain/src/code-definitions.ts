import { PromoKind } from './enums.ts';
import { PLAN_DAYS_MAX, PLAN_DEVICES_MAX, PLAN_PRICE_MAX_MINOR } from './plan-definition.ts';

/**
 * What an operator may create as a promo code or a batch of redeem codes (`pnpm ops coupons`,
 * `pnpm ops redeem`, the console): the checks of a definition, each problem a validation code.
 */

/** A promo code as typed (after normalising): 3-32 letters, digits, dashes or underscores. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
/** A chosen redeem code: 6-32 of the same. */
export const REDEEM_CODE_PATTERN = /^[A-Z0-9_-]{6,32}$/;
export const PROMO_MAX_USES = 10_000_000;
export const PROMO_MAX_USES_PER_USER = 1000;
/** The most codes one batch makes (the console downloads them as CSV). */
export const REDEEM_BATCH_MAX = 10_000;
export const REDEEM_MAX_USES = 10_000_000;

export interface PromoDefinition {
  code: string;
  kind: PromoKind;
  /** Percent off (1-100) or minor units off. */
  value: number;
  startsAt: number | null;
  endsAt: number | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
}

export type PromoDefinitionError =
  | 'promo_code_invalid_format'
  | 'percent_invalid'
  | 'amount_invalid'
  | 'date_range_invalid'
  | 'count_invalid';

export interface DefinitionProblem<E extends string> {
  error: E;
  field: string;
  params?: { max: number };
}

const whole = (n: number | null, min: number, max: number) =>
  n === null || (Number.isInteger(n) && n >= min && n <= max);

/** Every problem of a promo code definition; empty when it can be created. */
export function promoDefinitionProblems(
  promo: PromoDefinition,
): DefinitionProblem<PromoDefinitionError>[] {
  const problems: DefinitionProblem<PromoDefinitionError>[] = [];
  if (!PROMO_CODE_PATTERN.test(promo.code))
    problems.push({ error: 'promo_code_invalid_format', field: 'code' });
  if (promo.kind === PromoKind.PERCENT && !whole(promo.value, 1, 100))
    problems.push({ error: 'percent_invalid', field: 'value' });
  if (promo.kind === PromoKind.FIXED && !whole(promo.value, 1, PLAN_PRICE_MAX_MINOR))
    problems.push({ error: 'amount_invalid', field: 'value' });
  if (promo.startsAt !== null && promo.endsAt !== null && promo.endsAt <= promo.startsAt)
    problems.push({ error: 'date_range_invalid', field: 'endsAt' });
  if (!whole(promo.maxUses, 1, PROMO_MAX_USES))
    problems.push({ error: 'count_invalid', field: 'maxUses', params: { max: PROMO_MAX_USES } });
  if (!whole(promo.maxUsesPerUser, 1, PROMO_MAX_USES_PER_USER))
    problems.push({
      error: 'count_invalid',
      field: 'maxUsesPerUser',
      params: { max: PROMO_MAX_USES_PER_USER },
    });
  return problems;
}

export interface RedeemBatchDefinition {
  days: number;
  devicesAllowed: number;
  /** Uses of each code (each user once). */
  maxUses: number;
  count: number;
  expiresAt: number | null;
  /** A chosen code (normalised): the batch is that one code. */
  code: string | null;
}

export type RedeemBatchError =
  | 'days_invalid'
  | 'devices_invalid'
  | 'count_invalid'
  | 'date_in_past'
  | 'redeem_code_invalid_format';

/** Every problem of a batch of redeem codes at `now`; empty when it can be made. */
export function redeemBatchProblems(
  batch: RedeemBatchDefinition,
  now: number,
): DefinitionProblem<RedeemBatchError>[] {
  const problems: DefinitionProblem<RedeemBatchError>[] = [];
  if (!whole(batch.days, 1, PLAN_DAYS_MAX))
    problems.push({ error: 'days_invalid', field: 'days', params: { max: PLAN_DAYS_MAX } });
  if (!whole(batch.devicesAllowed, 1, PLAN_DEVICES_MAX))
    problems.push({
      error: 'devices_invalid',
      field: 'devicesAllowed',
      params: { max: PLAN_DEVICES_MAX },
    });
  if (!whole(batch.maxUses, 1, REDEEM_MAX_USES))
    problems.push({ error: 'count_invalid', field: 'maxUses', params: { max: REDEEM_MAX_USES } });
  const batchMax = batch.code === null ? REDEEM_BATCH_MAX : 1;
  if (!whole(batch.count, 1, batchMax))
    problems.push({ error: 'count_invalid', field: 'count', params: { max: batchMax } });
  if (batch.expiresAt !== null && batch.expiresAt <= now)
    problems.push({ error: 'date_in_past', field: 'expiresAt' });
  if (batch.code !== null && !REDEEM_CODE_PATTERN.test(batch.code))
    problems.push({ error: 'redeem_code_invalid_format', field: 'code' });
  return problems;
}
