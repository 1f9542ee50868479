import { validatePassword, validatePasswordConfirmation } from '@nimbus/domain/password';
import type { CountryCode } from '@nimbus/domain/phone';
import { validateVerificationCode } from '@nimbus/domain/verification-code';
import { useUserResetPassword, useUserSendCode } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { Tabs } from '@nimbus/ui/tabs';
import { useState, type FormEvent } from 'react';
import * as page from '../../styles/page.css.ts';
import {
  AuthCard,
  NewPasswordFields,
  useCarriedQuery,
  useFieldErrors,
  VerificationCodeField,
} from './auth-shared.tsx';
import { ChannelAccountField, checkChannelAccount } from './ChannelAccountField.tsx';
import { usePhoneSupport } from './phone-support.ts';

type Channel = 'email' | 'phone';
type Field = 'account' | 'code' | 'password' | 'confirm';

/** Reset the password by a code sent to the e-mail address or phone number. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const query = useCarriedQuery();
  const reset = useUserResetPassword();
  const sendCode = useUserSendCode();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryCode>('CN');
  const phone = usePhoneSupport(channel === 'phone');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, check, clear } = useFieldErrors<Field>();
  const loginHref = `/login${query}`;

  const accountResult = () => checkChannelAccount(channel, account, country, phone);

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
        <p className={page.successBox} role="status">
          {t('auth:reset_success')}
        </p>
        <Link href={loginHref}>{t('auth:back_to_login')}</Link>
      </AuthCard>
    );
  }

  const form = (
    <form className={page.stack} onSubmit={submit} noValidate>
      <ChannelAccountField
        channel={channel}
        phone={phone}
        value={account}
        onChange={(v) => {
          setAccount(v);
          clear('account');
        }}
        country={country}
        onCountryChange={setCountry}
        error={errors.account}
      />
      <VerificationCodeField
        value={code}
        onChange={(v) => {
          setCode(v);
          clear('code');
        }}
        onSend={send}
        hint={t('auth:code_not_received')}
        error={errors.code}
      />
      <NewPasswordFields
        label={t('auth:field_new_password')}
        password={password}
        confirm={confirm}
        onPassword={(v) => {
          setPassword(v);
          clear('password');
        }}
        onConfirm={(v) => {
          setConfirm(v);
          clear('confirm');
        }}
        hint={undefined}
        errors={errors}
      />
      <Button type="submit" fullWidth size="lg" loading={reset.isPending}>
        {t('auth:reset_submit')}
      </Button>
      <Link href={loginHref}>{t('auth:back_to_login')}</Link>
    </form>
  );

  return (
    <AuthCard title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')}>
      <Tabs
        label={t('auth:reset_title')}
        fullWidth
        value={channel}
        onValueChange={(value) => {
          setChannel(value as Channel);
          setAccount('');
          clear('account');
        }}
        items={(['email', 'phone'] as const).map((value) => ({
          value,
          label: t(value === 'email' ? 'auth:reset_by_email' : 'auth:reset_by_phone'),
          content: value === channel ? form : null,
        }))}
      />
    </AuthCard>
  );
}
