import { VERIFICATION_CODE_RESEND_SECONDS } from '@nimbus/domain/constants';
import type { Result } from '@nimbus/domain/result';
import { useTranslation } from '@nimbus/i18n';
import { CodeField } from '@nimbus/ui/code-field';
import { PasswordField } from '@nimbus/ui/password-field';
import { useHydrated } from '@nimbus/web';
import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useValidationText } from '../../components/validation-text.ts';
import * as page from '../../styles/page.css.ts';

/**
 * The page's query (?redirect=, ?invite=) for the links to the other sign-in pages: '' while
 * hydrating, as in the pre-rendered links (React does not patch an attribute that differs while
 * hydrating: the link would keep the HTML's bare href), then `?…`.
 */
export function useCarriedQuery(): string {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  return hydrated && search.size ? `?${search.toString()}` : '';
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Field errors shown after the first submit attempt, and the check that fills them. */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const text = useValidationText();
  const check = useCallback(
    (results: Partial<Record<F, Result<unknown, string>>>): boolean => {
      const next: FieldErrors<F> = {};
      for (const [field, result] of Object.entries(results) as [
        F,
        Result<unknown, string> | undefined,
      ][]) {
        if (result && !result.ok) next[field] = text(result.error, result.params);
      }
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    [text],
  );
  const clear = useCallback(
    (field: F) => setErrors((prev) => ({ ...prev, [field]: undefined })),
    [],
  );
  return { errors, check, clear };
}

/** The auth pages' shared look. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>{title}</h1>
        <p className={page.lead}>{subtitle}</p>
        <div className={page.formCard}>{children}</div>
      </div>
    </main>
  );
}

/** The verification code field with its send / resend-countdown button. */
export function VerificationCodeField({
  value,
  onChange,
  onSend,
  hint,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => Promise<void>;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['auth']);
  return (
    <CodeField
      label={t('auth:field_code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('auth:placeholder_code')}
      onSend={onSend}
      seconds={VERIFICATION_CODE_RESEND_SECONDS}
      sendLabel={t('auth:send_code')}
      resendLabel={t('auth:resend_code')}
      countdownLabel={(seconds) => t('auth:resend_in', { seconds })}
      hint={hint}
      error={error}
    />
  );
}

/** A new password and its confirmation (register, reset). */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  hint,
  errors,
}: {
  label: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  hint?: string | undefined;
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  const { t } = useTranslation(['auth', 'common']);
  const shared = {
    autoComplete: 'new-password',
    showPasswordLabel: t('common:button_show_password'),
    hidePasswordLabel: t('common:button_hide_password'),
  };
  return (
    <>
      <PasswordField
        {...shared}
        label={label}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        placeholder={t('auth:placeholder_new_password')}
        hint={hint}
        error={errors.password}
      />
      <PasswordField
        {...shared}
        label={t('auth:field_confirm_password')}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        placeholder={t('auth:placeholder_confirm_password')}
        error={errors.confirm}
      />
    </>
  );
}
