import { useState, type FormEvent } from 'react';
import type { ResponseOf } from '@nimbus/api-sdk/contract';
import { validateRedeemCode } from '@nimbus/domain';
import { formatDate, formatDuration, useTranslation, type Language } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { TextField } from '@nimbus/ui/text-field';
import * as styles from './profile.css.ts';

export type RedeemResult = ResponseOf<'systemRedeemCode'>;

export interface RedeemCodeFormProps {
  /**
   * Redeems the code; rejects when the server refuses it (the SDK shows that message as a toast).
   */
  onRedeem: (code: string) => Promise<RedeemResult>;
  language: Language;
}

/**
 * The redeem-code entry: checks the field, redeems, then shows the time added and the new expiry.
 */
export function RedeemCodeForm({ onRedeem, language }: RedeemCodeFormProps) {
  const { t } = useTranslation(['account', 'validation']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedeemResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRedeemCode(code);
    if (!checked.ok) {
      setError(t(`validation:${checked.error}`));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setResult(await onRedeem(checked.value));
      setCode('');
    } catch {
      // The refusal (invalid, used, expired) is already on screen as a toast; keep the text to
      // correct it.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('account:redeem_title')}>
      <p className={styles.muted}>{t('account:redeem_desc')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          fieldClassName={styles.grow}
          label={t('account:redeem_title')}
          hideLabel
          placeholder={t('account:redeem_placeholder')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          name="redeem-code"
        />
        <Button type="submit" loading={busy}>
          {t('account:redeem_button')}
        </Button>
      </form>
      <div role="status">
        {result && (
          <p className={styles.result}>
            <span>
              {t('account:redeem_success', {
                duration: formatDuration(result.grantedSeconds, language),
              })}
            </span>
            {result.standardExpireTime > 0 && (
              <span>
                {t('account:redeem_new_standard', {
                  date: formatDate(result.standardExpireTime, language),
                })}
              </span>
            )}
            {result.liteExpireTime > 0 && (
              <span>
                {t('account:redeem_new_lite', {
                  date: formatDate(result.liteExpireTime, language),
                })}
              </span>
            )}
          </p>
        )}
      </div>
    </Card>
  );
}
