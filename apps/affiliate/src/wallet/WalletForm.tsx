import { useState, type FormEvent } from 'react';
import type { RequestOf } from '@nimbus/api-sdk/contract';
import {
  validatePayoutWallet,
  validateVerificationCode,
  VERIFICATION_CODE_RESEND_SECONDS,
} from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { CodeField } from '@nimbus/ui/code-field';
import { PasswordField } from '@nimbus/ui/password-field';
import { WalletFields, type WalletValue } from '../apply/WalletFields.tsx';
import * as styles from '../apply/apply.css.ts';

/** Where a confirmation code can go: the account's e-mail, else its phone. */
export interface CodeTarget {
  channel: 'email' | 'phone';
  target: string;
}

export interface WalletFormProps {
  initial: WalletValue;
  codeTarget: CodeTarget | null;
  onSendCode: (target: CodeTarget) => Promise<unknown>;
  /** Saves the wallet; rejects when the server refuses (its message is a toast). */
  onSave: (change: RequestOf<'systemKolWalletUpdate'>) => Promise<unknown>;
}

/**
 * The payout wallet: network and address, confirmed by the password or a code sent to the
 * account (the server also sends a notice to the account's e-mail).
 */
export function WalletForm({ initial, codeTarget, onSendCode, onSave }: WalletFormProps) {
  const { t } = useTranslation(['kol', 'auth', 'common', 'validation']);
  const [wallet, setWallet] = useState<WalletValue>(initial);
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<{ network?: string; address?: string; proof?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePayoutWallet(wallet);
    if (!checked.ok) {
      const text = t(`validation:${checked.error}`);
      setErrors(checked.error === 'payout_network_invalid' ? { network: text } : { address: text });
      return;
    }
    let confirmation: { password: string } | { code: string };
    if (method === 'password') {
      if (proof === '') return setErrors({ proof: t('validation:password_required') });
      confirmation = { password: proof };
    } else {
      const code = validateVerificationCode(proof);
      if (!code.ok) return setErrors({ proof: t(`validation:${code.error}`) });
      confirmation = { code: code.value };
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave({ wallet: checked.value, ...confirmation });
    } catch {
      // The refusal (wrong password or code) is on screen as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <WalletFields value={wallet} onChange={setWallet} errors={errors} />
      {method === 'password' || !codeTarget ? (
        <PasswordField
          label={t('kol:wallet_confirm_password')}
          showPasswordLabel={t('common:button_show_password')}
          hidePasswordLabel={t('common:button_hide_password')}
          value={proof}
          onChange={(event) => setProof(event.target.value)}
          error={errors.proof}
          autoComplete="current-password"
          name="password"
        />
      ) : (
        <CodeField
          label={t('kol:wallet_confirm_code', { target: codeTarget.target })}
          placeholder={t('auth:placeholder_code')}
          value={proof}
          onChange={(event) => setProof(event.target.value)}
          error={errors.proof}
          onSend={() => onSendCode(codeTarget)}
          seconds={VERIFICATION_CODE_RESEND_SECONDS}
          sendLabel={t('auth:send_code')}
          resendLabel={t('auth:resend_code')}
          countdownLabel={(seconds) => t('auth:resend_in', { seconds })}
          name="code"
        />
      )}
      {codeTarget && (
        <button
          type="button"
          className={styles.switchLink}
          onClick={() => {
            setMethod(method === 'password' ? 'code' : 'password');
            setProof('');
            setErrors({});
          }}
        >
          {t(method === 'password' ? 'kol:wallet_use_code' : 'kol:wallet_use_password')}
        </button>
      )}
      <div className={styles.buttons}>
        <Button type="submit" loading={busy}>
          {t('kol:wallet_save')}
        </Button>
      </div>
    </form>
  );
}
