import type { ValidationError } from '@nimbus/domain/validation-error';
import { useTranslation } from '@nimbus/i18n';
import { useCallback } from 'react';

/** The text of a domain validation code: t('validation:<code>'), with its params. */
export function useValidationText(): (
  code: ValidationError | string,
  params?: Readonly<Record<string, string | number>>,
) => string {
  const { t } = useTranslation('validation');
  // Codes are domain data checked against the catalogue by the i18n tests, so the typed `t` is
  // bypassed.
  const plain = t as unknown as (
    key: string,
    values?: Readonly<Record<string, string | number>>,
  ) => string;
  return useCallback((code, params) => plain(`validation:${code}`, params), [plain]);
}
