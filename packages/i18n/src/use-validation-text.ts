import { type ValidationError } from '@nimbus/domain/validation-error';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Values a validation text may interpolate (`{{max}}` and the like). */
export type ValidationParams = Readonly<Record<string, string | number>>;

/**
 * The text of a domain validation code: t('validation:<code>'), with its params. Codes and their
 * params are domain data, so the typed `t` (which cannot tie a code known only at run time to
 * the `{{variables}}` of its text) is bypassed here, in one place; the i18n tests check the
 * `validation` namespace against the domain's codes instead.
 */
export function useValidationText(): (
  code: ValidationError | string,
  params?: ValidationParams,
) => string {
  const { t } = useTranslation('validation');
  const plain = t as unknown as (key: string, values?: ValidationParams) => string;
  return useCallback((code, params) => plain(`validation:${code}`, params), [plain]);
}
