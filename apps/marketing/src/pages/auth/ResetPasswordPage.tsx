import { VERIFICATION_CODE_RESEND_SECONDS } from '@nimbus/domain/constants';
import { validateEmail } from '@nimbus/domain/email';
import { validatePassword, validatePasswordConfirmation } from '@nimbus/domain/password';
import { validatePhone, type CountryCode } from '@nimbus/domain/phone';
import { validateVerificationCode } from '@nimbus/domain/verification-code';
import { useUserResetPassword, useUserSendCode } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { CodeField } from '@nimbus/ui/code-field';
import { Link } from '@nimbus/ui/link';
import { PasswordField } from '@nimbus/ui/password-field';
import { Tabs } from '@nimbus/ui/tabs';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import * as page from '../../styles/page.css.ts';
import { AuthCard, useFieldErrors } from './auth-shared.tsx';
import { ChannelAccountField } from './ChannelAccountField.tsx';

type Channel = 'email' | 'phone';
type Field = 'account' | 'code' | 'password' | 'confirm';

/** Reset the password by a code sent to the e-mail address or phone number. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [search] = useSearchParams();
  const reset = useUserResetPassword();
  const sendCode = useUserSendCode();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryCode>('CN');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, check, clear } = useFieldErrors<Field>();
  const loginHref = `/login${search.size ? `?${search.toString()}` : ''}`;

  const accountResult = () => (channel === 'email' ? validateEmail(account) : validatePhone(account, country));

  const send = async () => {
    const target = accountResult();
    if (!target.ok) {
      check({ account: target });
      throw new Error(target.error);
    }
    await sendCode.mutateAsync({ channel, target: target.value, purpose: 'reset' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const accountCheck = accountResult();
    const valid = check({
      account: accountCheck,
      code: validateVerificationCode(code),
      password: validatePassword(password),
      confirm: validatePasswordConfirmation(password, confirm),
    });
    if (!valid || !accountCheck.ok) return;
    reset.mutate({ channel, account: accountCheck.value, code: code.trim(), password });
  };

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')}>
        <p className={page.successBox} role="status">{t('auth:reset_success')}</p>
        <Link href={loginHref}>{t('auth:back_to_login')}</Link>
      </AuthCard>
    );
  }

  const form = (
    <form className={page.stack} onSubmit={submit} noValidate>
      <ChannelAccountField channel={channel} value={account} onChange={(v) => { setAccount(v); clear('account'); }} country={country} onCountryChange={setCountry} error={errors.account} />
      <CodeField
        label={t('auth:field_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => { setCode(e.target.value); clear('code'); }}
        placeholder={t('auth:placeholder_code')}
        onSend={send}
        seconds={VERIFICATION_CODE_RESEND_SECONDS}
        sendLabel={t('auth:send_code')}
        resendLabel={t('auth:resend_code')}
        countdownLabel={(seconds) => t('auth:resend_in', { seconds })}
        hint={t('auth:code_not_received')}
        error={errors.code}
      />
      <PasswordField
        label={t('auth:field_new_password')}
        autoComplete="new-password"
        showPasswordLabel={t('common:button_show_password')}
        hidePasswordLabel={t('common:button_hide_password')}
        value={password}
        onChange={(e) => { setPassword(e.target.value); clear('password'); }}
        placeholder={t('auth:placeholder_new_password')}
        error={errors.password}
      />
      <PasswordField
        label={t('auth:field_confirm_password')}
        autoComplete="new-password"
        showPasswordLabel={t('common:button_show_password')}
        hidePasswordLabel={t('common:button_hide_password')}
        value={confirm}
        onChange={(e) => { setConfirm(e.target.value); clear('confirm'); }}
        placeholder={t('auth:placeholder_confirm_password')}
        error={errors.confirm}
      />
      <Button type="submit" fullWidth size="lg" loading={reset.isPending}>{t('auth:reset_submit')}</Button>
      <Link href={loginHref}>{t('auth:back_to_login')}</Link>
    </form>
  );

  return (
    <AuthCard title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')}>
      <Tabs
        label={t('auth:reset_title')}
        fullWidth
        value={channel}
        onValueChange={(value) => { setChannel(value as Channel); setAccount(''); clear('account'); }}
        items={(['email', 'phone'] as const).map((value) => ({
          value,
          label: t(value === 'email' ? 'auth:reset_by_email' : 'auth:reset_by_phone'),
          content: value === channel ? form : null,
        }))}
      />
    </AuthCard>
  );
}
