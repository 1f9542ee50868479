import type { Result } from './result.ts';
import type { ValidationError } from './validation-error.ts';

type FieldResults = Readonly<Record<string, Result<unknown, ValidationError>>>;
type FieldValues<F extends FieldResults> = {
  readonly [K in keyof F]: Extract<F[K], { ok: true }>['value'];
};
type FieldErrors<F extends FieldResults> = {
  readonly [K in keyof F]?: Extract<F[K], { ok: false }>['error'];
};

export type FormResult<F extends FieldResults> =
  | { readonly ok: true; readonly value: FieldValues<F> }
  | { readonly ok: false; readonly error: 'check_input'; readonly fieldErrors: FieldErrors<F> };

/**
 * Combines the results of a form's fields: every value when all pass, otherwise the generic
 * 'check_input' (shown as a toast) with each failing field's own code (shown under the field).
 */
export function validateForm<F extends FieldResults>(fields: F): FormResult<F> {
  const values: Record<string, unknown> = {};
  const errors: Record<string, ValidationError> = {};
  for (const [name, result] of Object.entries(fields)) {
    if (result.ok) values[name] = result.value;
    else errors[name] = result.error;
  }
  return Object.keys(errors).length === 0
    ? { ok: true, value: values as FieldValues<F> }
    : { ok: false, error: 'check_input', fieldErrors: errors as FieldErrors<F> };
}
