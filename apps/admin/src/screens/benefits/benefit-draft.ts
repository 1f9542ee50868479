import type { AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/admin';
import {
  benefitProblems,
  normaliseBenefit,
  type BenefitError,
  type BenefitField,
} from '@nimbus/domain';

export type BenefitRow = AdminResponseOf<'adminBenefitList'>['items'][number];
export type BenefitSave = AdminRequestOf<'adminBenefitSave'>;

/** A benefit form as typed: the position is text until the form is sent. */
export interface BenefitDraft {
  key: string;
  name: string;
  link: string;
  accountName: string;
  /** Blank on an edit: the stored password stays. */
  password: string;
  sortOrder: string;
}

export const EMPTY_BENEFIT: BenefitDraft = {
  key: '',
  name: '',
  link: '',
  accountName: '',
  password: '',
  sortOrder: '',
};

export function draftOf(benefit: BenefitRow): BenefitDraft {
  return {
    key: benefit.key,
    name: benefit.name,
    link: benefit.link,
    accountName: benefit.accountName,
    password: '',
    sortOrder: String(benefit.sortOrder),
  };
}

/** A validation message key and its values, per field of the form. */
export type BenefitDraftErrors = Partial<Record<BenefitField, { key: BenefitError; max?: number }>>;

/**
 * The draft as the call's input, or the problems per field (the domain's benefit rule, the same
 * the server applies). An empty position keeps the benefit's place (0 for a new one).
 */
export function parseBenefitDraft(
  draft: BenefitDraft,
  isNew: boolean,
): { ok: true; input: BenefitSave } | { ok: false; errors: BenefitDraftErrors } {
  const sortText = draft.sortOrder.trim();
  const sortOrder =
    sortText === '' ? undefined : /^-?\d{1,9}$/.test(sortText) ? Number(sortText) : Number.NaN;
  const fields = normaliseBenefit({ ...draft, sortOrder: sortOrder ?? 0 });
  const errors: BenefitDraftErrors = {};
  for (const problem of benefitProblems(fields, isNew))
    errors[problem.field] ??= { key: problem.error, ...(problem.params ?? {}) };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      mode: isNew ? 'create' : 'update',
      key: fields.key,
      name: fields.name,
      link: fields.link,
      accountName: fields.accountName,
      ...(fields.password === undefined ? {} : { password: fields.password }),
      ...(sortOrder === undefined ? {} : { sortOrder }),
    },
  };
}
