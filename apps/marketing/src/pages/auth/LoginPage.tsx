import { validateAgreement } from '@nimbus/domain/agreement';
import { validatePassword } from '@nimbus/domain/password';
import type { CountryCode } from '@nimbus/domain/phone';
import { useUserLogin } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { PasswordField } from '@nimbus/ui/password-field';
import { Tabs } from '@nimbus/ui/tabs';
import { useState, type FormEvent } from 'react';
import * as page from '../../styles/page.css.ts';
import { AgreementCheckbox } from './AgreementCheckbox.tsx';
import { AuthCard, useCarriedQuery, useFieldErrors } from './auth-shared.tsx';
import { ChannelAccountField, checkChannelAccount } from './ChannelAccountField.tsx';
import { usePhoneSupport } from './phone-support.ts';

type Channel = 'username' | 'email' | 'phone';
type Field = 'account' | 'password' | 'agreement';

/** Log in with a username, e-mail or phone number and the password; then back to ?redirect=. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const query = useCarriedQuery();
  const login = useUserLogin();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryCode>('CN');
  const phone = usePhoneSupport(channel === 'phone');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { errors, check, clear } = useFieldErrors<Field>();

  const accountResult = () => checkChannelAccount(channel, account, country, phone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const accountCheck = accountResult();
    if (
      !check({
        account: accountCheck,
        password: validatePassword(password),
        agreement: validateAgreement(agreed),
      })
    )
      return;
    if (!accountCheck.ok) return;
    // On success the login-access guard sends the visitor on (to ?redirect= or the account centre).
    login.mutate({ channel, account: accountCheck.value, password, agreeTerms: true });
  };

  const accountField = (
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
  );

  const form = (
    <form className={page.stack} onSubmit={submit} noValidate>
      {accountField}
      <PasswordField
        label={t('auth:field_password')}
        showPasswordLabel={t('common:button_show_password')}
        hidePasswordLabel={t('common:button_hide_password')}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          clear('password');
        }}
        placeholder={t('auth:placeholder_password')}
        error={errors.password}
      />
      <AgreementCheckbox
        checked={agreed}
        onChange={(v) => {
          setAgreed(v);
          clear('agreement');
        }}
        error={errors.agreement}
      />
      <Button type="submit" fullWidth size="lg" loading={login.isPending}>
        {login.isPending ? t('auth:submitting') : t('auth:login_submit')}
      </Button>
      <div className={page.row} style={{ justifyContent: 'space-between' }}>
        <Link href={`/resetpassword${query}`}>{t('auth:forgot_password')}</Link>
        <span className={page.text}>
          {t('auth:no_account')} <Link href={`/register${query}`}>{t('auth:go_register')}</Link>
        </span>
      </div>
    </form>
  );

  return (
    <AuthCard title={t('auth:login_title')} subtitle={t('auth:login_subtitle')}>
      <Tabs
        label={t('auth:login_title')}
        fullWidth
        value={channel}
        onValueChange={(value) => {
          setChannel(value as Channel);
          setAccount('');
          clear('account');
        }}
        items={(['username', 'email', 'phone'] as const).map((value) => ({
          value,
          label: t(
            value === 'username'
              ? 'auth:tab_username'
              : value === 'email'
                ? 'auth:tab_email'
                : 'auth:tab_phone',
          ),
          content: value === channel ? form : null,
        }))}
      />
    </AuthCard>
  );
}
