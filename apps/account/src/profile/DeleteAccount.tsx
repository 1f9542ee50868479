import { useState, type FormEvent } from 'react';
import type { RequestOf } from '@nimbus/api-sdk/contract';
import { VERIFICATION_CODE_RESEND_SECONDS, validateVerificationCode } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { CodeField } from '@nimbus/ui/code-field';
import { Dialog, DialogClose } from '@nimbus/ui/dialog';
import { PasswordField } from '@nimbus/ui/password-field';
import * as styles from './profile.css.ts';

/**
 * Where a confirmation code can go: the account's e-mail, else its phone; null for username-only
 * accounts.
 */
export interface CodeTarget {
  channel: 'email' | 'phone';
  target: string;
}

export function codeTargetOf(user: {
  readonly email: string | null;
  readonly phone: string | null;
}): CodeTarget | null {
  if (user.email) return { channel: 'email', target: user.email };
  if (user.phone) return { channel: 'phone', target: user.phone };
  return null;
}

export interface DeleteAccountProps {
  codeTarget: CodeTarget | null;
  onSendCode: (target: CodeTarget) => Promise<unknown>;
  /** Deletes the account with the password or the code; rejects when the server refuses. */
  onDelete: (confirmation: RequestOf<'userDeleteAccount'>) => Promise<unknown>;
}

const LOSSES = [
  'delete_lose_membership',
  'delete_lose_devices',
  'delete_lose_invites',
  'delete_lose_commission',
  'delete_lose_subscription',
  'delete_lose_orders',
] as const;

/**
 * Deleting the account: a danger card, then a dialog that lists what is lost for good and asks
 * for the password (or a code sent to the account's e-mail or phone) before anything happens.
 */
export function DeleteAccount({ codeTarget, onSendCode, onDelete }: DeleteAccountProps) {
  const { t } = useTranslation(['account', 'auth', 'common', 'validation']);
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = (next: 'password' | 'code') => {
    setMethod(next);
    setValue('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let confirmation: RequestOf<'userDeleteAccount'>;
    if (method === 'password') {
      if (value === '') return setError(t('validation:password_required'));
      confirmation = { password: value };
    } else {
      const checked = validateVerificationCode(value);
      if (!checked.ok) return setError(t(`validation:${checked.error}`));
      confirmation = { code: checked.value };
    }
    setError(null);
    setBusy(true);
    try {
      await onDelete(confirmation);
    } catch {
      // A wrong password or code is shown as a toast by the SDK; the dialog stays open to retry.
      setBusy(false);
    }
  };

  const field =
    method === 'password' ? (
      <PasswordField
        label={t('account:delete_confirm_password')}
        showPasswordLabel={t('common:button_show_password')}
        hidePasswordLabel={t('common:button_hide_password')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error ?? undefined}
        autoComplete="current-password"
        name="password"
      />
    ) : (
      codeTarget && (
        <CodeField
          label={t('account:delete_confirm_code', { target: codeTarget.target })}
          placeholder={t('auth:placeholder_code')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error ?? undefined}
          onSend={() => onSendCode(codeTarget)}
          seconds={VERIFICATION_CODE_RESEND_SECONDS}
          sendLabel={t('auth:send_code')}
          resendLabel={t('auth:resend_code')}
          countdownLabel={(seconds) => t('auth:resend_in', { seconds })}
          name="code"
        />
      )
    );

  return (
    <Card title={t('account:delete_title')} className={styles.dangerZone}>
      <p className={styles.muted}>{t('account:delete_desc')}</p>
      <div>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (busy) return;
            setOpen(next);
            if (!next) reset('password');
          }}
          trigger={<Button variant="danger">{t('account:delete_button')}</Button>}
          title={t('account:delete_dialog_title')}
          role="alertdialog"
          dismissOnOutsideClick={false}
          closeLabel={t('common:dialog_close')}
        >
          <form className={styles.deleteForm} onSubmit={(event) => void submit(event)} noValidate>
            <p>{t('account:delete_dialog_intro')}</p>
            <ul className={styles.loseList}>
              {LOSSES.map((key) => (
                <li key={key}>{t(`account:${key}`)}</li>
              ))}
            </ul>
            {field}
            {codeTarget && (
              <button
                type="button"
                className={styles.switchLink}
                onClick={() => reset(method === 'password' ? 'code' : 'password')}
              >
                {t(
                  method === 'password' ? 'account:delete_use_code' : 'account:delete_use_password',
                )}
              </button>
            )}
            <div className={styles.dialogButtons}>
              <DialogClose asChild>
                <Button variant="secondary" disabled={busy}>
                  {t('common:button_cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" variant="danger" loading={busy}>
                {t('account:delete_confirm_button')}
              </Button>
            </div>
          </form>
        </Dialog>
      </div>
    </Card>
  );
}
