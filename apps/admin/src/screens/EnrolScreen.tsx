import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { QRCode } from '@nimbus/ui/qr-code';
import { TextField } from '@nimbus/ui/text-field';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../session/console-api.ts';
import { operatorStore, type Operator } from '../session/operator-store.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';

/**
 * Two-factor enrolment: the otpauth QR code and key, a code to confirm, then the recovery codes
 * once before the console opens.
 */
export function EnrolScreen() {
  const { t } = useTranslation('admin');
  const [code, setCode] = useState('');
  const [done, setDone] = useState<{ operator: Operator; recoveryCodes: string[] } | null>(null);
  const secret = useQuery({
    queryKey: ['enrol'],
    queryFn: () => consoleApi().adminEnrolStart({}),
    staleTime: Infinity,
  });
  const confirm = useMutation({
    mutationFn: () => consoleApi().adminEnrolConfirm({ code: code.trim() }),
    onSuccess: setDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };

  if (done)
    return (
      <PageSection title={t('recovery_title')} lead={t('recovery_intro')}>
        <ul className={styles.codes} aria-label={t('recovery_title')}>
          {done.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button onClick={() => operatorStore.setState({ operator: done.operator, checked: true })}>
          {t('continue')}
        </Button>
      </PageSection>
    );

  return (
    <PageSection title={t('enrol_title')} lead={t('enrol_intro')}>
      {secret.data && (
        <div className={styles.card}>
          <QRCode value={secret.data.uri} label={t('enrol_qr')} size={192} />
          <p>
            {t('enrol_key')}:{' '}
            <span className={styles.secret} data-testid="totp-secret">
              {secret.data.secret}
            </span>
          </p>
        </div>
      )}
      {secret.isError && (
        <p role="alert" className={styles.alert}>
          {messageOf(secret.error)}
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
        {confirm.isError && (
          <p role="alert" className={styles.alert}>
            {messageOf(confirm.error)}
          </p>
        )}
        <Button type="submit" loading={confirm.isPending} disabled={!secret.data}>
          {t('enrol_confirm')}
        </Button>
      </form>
    </PageSection>
  );
}
