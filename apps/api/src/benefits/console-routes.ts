import { ErrorCode } from '@nimbus/api-sdk/contract';
import { pageRequest } from '@nimbus/domain';
import { BenefitInputError, removeBenefit, saveBenefit } from './manage-benefits.ts';
import { benefitRecords, benefitSecrets, findBenefitRecord } from './store.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { operatorOf, type AdminCallContext, type AdminHandler } from '../http/console-handler.ts';

/**
 * The benefit catalogue in the console (admin): the same store reads and benefits service as
 * `pnpm ops benefits`. No answer carries a password, only whether one is stored.
 */

const change = (ctx: AdminCallContext) => ({ actor: operatorOf(ctx).actor, now: ctx.now });

// POST /api/admin/benefit_list
export const adminBenefitList: AdminHandler<'adminBenefitList'> = async (input, ctx) => {
  const page = pageRequest(input.page, input.pageSize);
  const { items, total } = await benefitRecords(ctx.services.db, page);
  return { items, total, page: page.page, pageSize: page.pageSize };
};

// POST /api/admin/benefit_save
export const adminBenefitSave: AdminHandler<'adminBenefitSave'> = async (input, ctx) => {
  const { mode, ...benefit } = input;
  const { db, secret } = ctx.services;
  let outcome: 'created' | 'updated';
  try {
    outcome = await saveBenefit(db, benefitSecrets(secret), benefit, change(ctx), mode);
  } catch (error) {
    // The first problem, localised; the form shows each beside its field (the same rule).
    const [problem] = error instanceof BenefitInputError ? error.problems : [];
    if (problem) throw validationRefusal(problem.error, problem.params);
    throw error;
  }
  const saved = await findBenefitRecord(db, benefit.key.trim());
  if (!saved) throw new Refusal(ErrorCode.BENEFIT_NOT_FOUND);
  return { outcome, benefit: saved };
};

// POST /api/admin/benefit_remove
export const adminBenefitRemove: AdminHandler<'adminBenefitRemove'> = async (input, ctx) => {
  if (!(await removeBenefit(ctx.services.db, input.key, change(ctx))))
    throw new Refusal(ErrorCode.BENEFIT_NOT_FOUND);
  return { key: input.key };
};
