import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  benefitProblems,
  normaliseBenefit,
  type BenefitProblem,
  type Language,
} from '@nimbus/domain';
import { translate, type TranslationKey } from '@nimbus/i18n/server';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import type { SecretBox } from '../security/secret-box.ts';
import {
  deleteBenefit,
  findBenefitForChange,
  insertBenefit,
  sealBenefitPassword,
  updateBenefit,
} from './store.ts';

/**
 * What operators change in the benefit catalogue, for `pnpm ops benefits` and the console alike
 * (both read it with the store's `benefitRecords`: never a password, only whether one is
 * stored): add or change a benefit (a missing password keeps the stored one) and remove one. The fields are checked by the domain's benefit
 * rule; every change is one transaction with its audit row, which never holds the password.
 */

export interface BenefitInput {
  /** Stable id chosen by operations ('streaming-1'); lower-case letters, digits and dashes. */
  key: string;
  name: string;
  /** Where the member signs in (http or https). */
  link: string;
  accountName: string;
  /** Required when the benefit is new; omitted on an update, the stored password stays. */
  password?: string | undefined;
  /** Lower first; ties by creation. Kept (0 for a new benefit) when absent. */
  sortOrder?: number | undefined;
}

/**
 * The benefit must be new (`create`: BENEFIT_EXISTS otherwise), must exist (`update`:
 * BENEFIT_NOT_FOUND otherwise), or either (`upsert`, what `pnpm ops benefits add` does).
 */
export type BenefitSaveMode = 'create' | 'update' | 'upsert';

/** Every problem of a benefit's fields (domain `benefitProblems`); the message is in English. */
export class BenefitInputError extends Error {
  constructor(readonly problems: BenefitProblem[]) {
    super(`Invalid benefit:\n  - ${problems.map((p) => problemText(p)).join('\n  - ')}`);
    this.name = 'BenefitInputError';
  }
}

/** A problem as its validation message says it (`pnpm ops` prints English). */
export function problemText(problem: BenefitProblem, language: Language = 'en'): string {
  return translate(language, `validation:${problem.error}` as TranslationKey, problem.params ?? {});
}

export interface BenefitChange {
  actor: Actor;
  now: number;
}

/**
 * Adds a benefit or updates the one with the same key, in one transaction with its audit row.
 * Throws BenefitInputError listing every problem of the input.
 */
export async function saveBenefit(
  db: Db,
  box: SecretBox,
  input: BenefitInput,
  change: BenefitChange,
  mode: BenefitSaveMode = 'upsert',
): Promise<'created' | 'updated'> {
  return db.transaction().execute(async (trx) => {
    const key = input.key.trim();
    const existing = await findBenefitForChange(trx, key);
    if (mode === 'create' && existing) throw new Refusal(ErrorCode.BENEFIT_EXISTS);
    if (mode === 'update' && !existing) throw new Refusal(ErrorCode.BENEFIT_NOT_FOUND);
    const fields = normaliseBenefit({
      ...input,
      key,
      password: input.password,
      sortOrder: input.sortOrder ?? existing?.sort_order ?? 0,
    });
    const problems = benefitProblems(fields, existing === undefined);
    if (problems.length > 0) throw new BenefitInputError(problems);
    const sealed =
      fields.password === undefined ? undefined : sealBenefitPassword(box, key, fields.password);
    const values = {
      name: fields.name,
      link: fields.link,
      account_name: fields.accountName,
      sort_order: fields.sortOrder,
      updated_at: change.now,
    };
    if (existing) {
      await updateBenefit(trx, existing.id, {
        ...values,
        ...(sealed === undefined ? {} : { password_sealed: sealed }),
      });
    } else {
      await insertBenefit(trx, {
        ...values,
        benefit_key: key,
        password_sealed: sealed ?? '',
        created_at: change.now,
      });
    }
    await writeAudit(trx, {
      actor: change.actor,
      action: existing ? 'benefit.updated' : 'benefit.created',
      subjectType: 'benefit',
      subjectId: key,
      at: change.now,
      data: {
        name: fields.name,
        link: fields.link,
        accountName: fields.accountName,
        sortOrder: fields.sortOrder,
        passwordChanged: sealed !== undefined,
      },
    });
    return existing ? 'updated' : 'created';
  });
}

/** Removes a benefit; false when there was none with that key. */
export async function removeBenefit(db: Db, key: string, change: BenefitChange): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const name = await deleteBenefit(trx, key);
    if (name === undefined) return false;
    await writeAudit(trx, {
      actor: change.actor,
      action: 'benefit.removed',
      subjectType: 'benefit',
      subjectId: key,
      at: change.now,
      data: { name },
    });
    return true;
  });
}
