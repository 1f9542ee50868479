import type { DefinitionProblem } from './code-definitions.ts';
import type { ValidationError } from './validation-error.ts';

/**
 * What a benefit of the catalogue may be (the shared accounts yearly members get; `pnpm ops
 * benefits` and the console): a key of 1-63 lower-case letters, digits or dashes; a name, an
 * account name and an http(s) link of 1-200 characters on one line; a password of at most 200
 * characters, taken as given (spaces can matter) and required for a new benefit; a whole
 * position (lower first). Each problem names its field and a validation code.
 */
export const BENEFIT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const BENEFIT_TEXT_MAX = 200;
/** Positions run from -BENEFIT_SORT_MAX to BENEFIT_SORT_MAX. */
export const BENEFIT_SORT_MAX = 1_000_000;

export interface BenefitFields {
  key: string;
  name: string;
  link: string;
  accountName: string;
  /** Undefined (or empty): none given; an update keeps the stored one. */
  password: string | undefined;
  sortOrder: number;
}

export type BenefitField = keyof BenefitFields;

/** The validation codes of a benefit's fields. */
export type BenefitError = Extract<ValidationError, `benefit_${string}`>;

export interface BenefitProblem extends DefinitionProblem<BenefitError> {
  field: BenefitField;
}

/** The fields as stored: texts trimmed, an empty password as none. */
export function normaliseBenefit(benefit: BenefitFields): BenefitFields {
  return {
    ...benefit,
    key: benefit.key.trim(),
    name: benefit.name.trim(),
    link: benefit.link.trim(),
    accountName: benefit.accountName.trim(),
    password: benefit.password === '' ? undefined : benefit.password,
  };
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

const oneLine = (text: string) =>
  text.length >= 1 && text.length <= BENEFIT_TEXT_MAX && !CONTROL.test(text);

function httpLink(text: string): boolean {
  if (!oneLine(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Every problem of a benefit's (normalised) fields, in the order of the form; empty when valid. */
export function benefitProblems(benefit: BenefitFields, isNew: boolean): BenefitProblem[] {
  const max = { max: BENEFIT_TEXT_MAX };
  const problems: BenefitProblem[] = [];
  if (!BENEFIT_KEY_PATTERN.test(benefit.key))
    problems.push({ error: 'benefit_key_invalid', field: 'key' });
  if (!oneLine(benefit.name))
    problems.push({ error: 'benefit_name_invalid', field: 'name', params: max });
  if (!httpLink(benefit.link))
    problems.push({ error: 'benefit_link_invalid', field: 'link', params: max });
  if (!oneLine(benefit.accountName))
    problems.push({ error: 'benefit_account_invalid', field: 'accountName', params: max });
  const { password } = benefit;
  if (password === undefined || password === '') {
    if (isNew) problems.push({ error: 'benefit_password_required', field: 'password' });
  } else if (password.length > BENEFIT_TEXT_MAX) {
    problems.push({ error: 'benefit_password_invalid', field: 'password', params: max });
  }
  if (!Number.isInteger(benefit.sortOrder) || Math.abs(benefit.sortOrder) > BENEFIT_SORT_MAX)
    problems.push({
      error: 'benefit_sort_invalid',
      field: 'sortOrder',
      params: { max: BENEFIT_SORT_MAX },
    });
  return problems;
}
