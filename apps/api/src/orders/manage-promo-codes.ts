import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  normalisePromoCode,
  promoDefinitionProblems,
  PromoKind,
  type PromoDefinition,
} from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { writeAudit, type Actor } from '../audit/index.ts';
import { knownPlanIds } from '../plans/index.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import type { PromoCodesTable } from '../db/schema.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { createPromoCode, disablePromoCode, findPromoCode } from './promo-codes.ts';

/**
 * What operators do with promo codes, for `pnpm ops coupons` and the console alike: create one
 * (checked by the domain's definition rule, the plans it names must exist) and disable one.
 * Each change is one transaction with its audit row.
 */

export interface CodeChange {
  actor: Actor;
  now: number;
}

export interface NewPromo extends Omit<PromoDefinition, 'code'> {
  code: string;
  /** The currency of a fixed amount off. */
  currency: string | null;
  planIds: number[] | null;
}

/** Creates a promo code; PROMO_CODE_EXISTS when the code is taken (any case). */
export async function createPromo(db: Db, input: NewPromo, change: CodeChange): Promise<number> {
  const promo = { ...input, code: normalisePromoCode(input.code) };
  const [problem] = promoDefinitionProblems(promo);
  if (problem) throw validationRefusal(problem.error, problem.params);
  const currency = promo.kind === PromoKind.FIXED ? (promo.currency ?? 'USD').toUpperCase() : null;
  if (currency !== null && !/^[A-Z]{3}$/.test(currency)) throw validationRefusal('check_input');
  if (promo.planIds) {
    const known = await knownPlanIds(db, promo.planIds);
    if (promo.planIds.some((id) => !known.has(id))) throw new Refusal(ErrorCode.PLAN_NOT_FOUND);
  }
  const row = { ...promo, currency };
  try {
    return await db.transaction().execute(async (trx) => {
      if (await findPromoCode(trx, row.code)) throw new Refusal(ErrorCode.PROMO_CODE_EXISTS);
      const id = await createPromoCode(trx, row, change.now);
      await writeAudit(trx, {
        actor: change.actor,
        action: 'promo.created',
        subjectType: 'promo_code',
        subjectId: id,
        data: row,
        at: change.now,
      });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(ErrorCode.PROMO_CODE_EXISTS);
    throw error;
  }
}

/**
 * Disables a promo code: no new order can use it (orders holding it keep their price).
 * PROMO_CODE_NOT_FOUND for an unknown code; `changed` false when it was disabled already.
 */
export async function disablePromo(
  db: Db,
  code: string,
  change: CodeChange,
): Promise<{ row: Selectable<PromoCodesTable>; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await findPromoCode(trx, normalisePromoCode(code));
    if (!row) throw new Refusal(ErrorCode.PROMO_CODE_NOT_FOUND);
    if (row.active === 0) return { row, changed: false };
    await disablePromoCode(trx, row.id);
    await writeAudit(trx, {
      actor: change.actor,
      action: 'promo.disabled',
      subjectType: 'promo_code',
      subjectId: row.id,
      data: { code: row.code },
      at: change.now,
    });
    return { row: { ...row, active: 0 }, changed: true };
  });
}
