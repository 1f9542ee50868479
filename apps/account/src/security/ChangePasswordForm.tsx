import { validatePassword, validatePasswordConfirmation } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { PasswordField } from '@nimbus/ui/password-field';
import { useState, type FormEvent } from 'react';
import * as styles from './security.css.ts';

export interface ChangePasswordFormProps {
  /** Changes the password; resolves with how many other sessions were signed out. */
  onChange: (input: { currentPassword: string; newPassword: string }) => Promise<number>;
}

type Errors = Partial<Record<'current' | 'next' | 'repeat', string>>;

/**
 * The current password, the new one twice. The server checks the current one (a wrong one is
 * its toast) and signs every other session out; the fields empty on success.
 */
export function ChangePasswordForm({ onChange }: ChangePasswordFormProps) {
  const { t } = useTranslation(['account', 'auth', 'common', 'validation']);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (current === '') found.current = t('validation:password_required');
    const password = validatePassword(next);
    if (!password.ok) found.next = t(`validation:${password.error}`);
    const confirmation = validatePasswordConfirmation(next, repeat);
    if (!confirmation.ok) found.repeat = t(`validation:${confirmation.error}`);
    setErrors(found);
    setDone(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const signedOut = await onChange({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      setDone(signedOut);
    } catch {
      // The server's refusal (wrong current password, locked) is shown as a toast by the SDK.
    } finally {
      setBusy(false);
    }
  };

  const toggle = {
    showPasswordLabel: t('common:button_show_password'),
    hidePasswordLabel: t('common:button_hide_password'),
  };
  return (
    <Card title={t('account:password_title')}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.muted}>{t('account:password_desc')}</p>
        <PasswordField
          {...toggle}
          label={t('account:password_current')}
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current}
        />
        <PasswordField
          {...toggle}
          label={t('auth:field_new_password')}
          hint={t('auth:hint_password')}
          name="new-password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={errors.next}
        />
        <PasswordField
          {...toggle}
          label={t('auth:field_confirm_password')}
          name="repeat-password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={errors.repeat}
        />
        {done !== null && (
          <p role="status" className={styles.muted}>
            {t('account:password_changed', { count: done })}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            {t('account:password_submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
