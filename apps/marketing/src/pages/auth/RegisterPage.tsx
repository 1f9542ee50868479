import { validateAgreement } from '@nimbus/domain/agreement';
import { VERIFICATION_CODE_RESEND_SECONDS } from '@nimbus/domain/constants';
import { validateEmail } from '@nimbus/domain/email';
import { validateInviteCode } from '@nimbus/domain/invite-code';
import { validatePassword, validatePasswordConfirmation } from '@nimbus/domain/password';
import { validatePhone, type CountryCode } from '@nimbus/domain/phone';
import { validateUsername } from '@nimbus/domain/username';
import { validateVerificationCode } from '@nimbus/domain/verification-code';
import { useApi, useUserRegister, useUserSendCode } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { CodeField } from '@nimbus/ui/code-field';
import { Link } from '@nimbus/ui/link';
import { PasswordField } from '@nimbus/ui/password-field';
import { Tabs } from '@nimbus/ui/tabs';
import { TextField } from '@nimbus/ui/text-field';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import * as page from '../../styles/page.css.ts';
import { AgreementCheckbox, AuthCard, useFieldErrors, useValidationText } from './auth-shared.tsx';
import { ChannelAccountField } from './ChannelAccountField.tsx';

type Channel = 'username' | 'email' | 'phone';
type Field = 'account' | 'code' | 'password' | 'confirm' | 'invite' | 'agreement';

/**
 * Sign up with a username, or an e-mail or phone number confirmed by a code; optional invite
 * code, pre-filled from an invite link (?invite= or ?ref=); the agreement.
 */
export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const text = useValidationText();
  const [search] = useSearchParams();
  const api = useApi();
  const register = useUserRegister();
  const sendCode = useUserSendCode();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryCode>('CN');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The pre-rendered page cannot know the link's code: it is filled in after hydration, so the
  // first render matches the HTML (the runtime does not patch input values while hydrating).
  const [invite, setInvite] = useState('');
  const linkedInvite = search.get('invite') ?? search.get('ref');
  useEffect(() => {
    if (linkedInvite) setInvite(linkedInvite);
  }, [linkedInvite]);
  const [agreed, setAgreed] = useState(false);
  const { errors, check, clear } = useFieldErrors<Field>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const accountResult = () =>
    channel === 'email' ? validateEmail(account) : channel === 'phone' ? validatePhone(account, country) : validateUsername(account);

  const send = async () => {
    const target = accountResult();
    if (!target.ok) {
      check({ account: target });
      throw new Error(target.error);
    }
    await sendCode.mutateAsync({ channel: channel === 'phone' ? 'phone' : 'email', target: target.value, purpose: 'register' });
    setSentTo(target.value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const accountCheck = accountResult();
    const inviteCheck = validateInviteCode(invite);
    const needsCode = channel !== 'username';
    const valid = check({
      account: accountCheck,
      ...(needsCode ? { code: validateVerificationCode(code) } : {}),
      password: validatePassword(password),
      confirm: validatePasswordConfirmation(password, confirm),
      invite: inviteCheck,
      agreement: validateAgreement(agreed),
    });
    if (!valid || !accountCheck.ok || !inviteCheck.ok) return;
    register.mutate(
      {
        channel,
        account: accountCheck.value,
        password,
        ...(needsCode ? { code: code.trim() } : {}),
        ...(inviteCheck.value ? { inviteCode: inviteCheck.value } : {}),
        agreeTerms: true,
        attribution: api.getAttribution(),
      },
      // On success the login-access guard sends the new member on (to ?redirect= or the account centre).
    );
  };

  const form = (
    <form className={page.stack} onSubmit={submit} noValidate>
      <ChannelAccountField
        channel={channel}
        value={account}
        onChange={(v) => { setAccount(v); clear('account'); }}
        country={country}
        onCountryChange={setCountry}
        error={errors.account}
      />
      {channel !== 'username' && (
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
          hint={sentTo ? (channel === 'email' ? t('auth:code_sent_email', { email: sentTo }) : t('auth:code_sent_phone', { phone: sentTo })) : undefined}
          error={errors.code}
        />
      )}
      <PasswordField
        label={t('auth:field_password')}
        autoComplete="new-password"
        showPasswordLabel={t('common:button_show_password')}
        hidePasswordLabel={t('common:button_hide_password')}
        value={password}
        onChange={(e) => { setPassword(e.target.value); clear('password'); }}
        placeholder={t('auth:placeholder_new_password')}
        hint={t('auth:hint_password')}
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
      <TextField
        label={t('auth:field_invite_code')}
        value={invite}
        onChange={(e) => { setInvite(e.target.value); clear('invite'); }}
        placeholder={t('auth:placeholder_invite_code')}
        hint={t('auth:hint_invite_code')}
        error={errors.invite}
      />
      <AgreementCheckbox checked={agreed} onChange={(v) => { setAgreed(v); clear('agreement'); }} error={errors.agreement} />
      {Object.values(errors).some(Boolean) && <p className={page.errorText} role="alert">{text('check_input')}</p>}
      <Button type="submit" fullWidth size="lg" loading={register.isPending}>{register.isPending ? t('auth:submitting') : t('auth:register_submit')}</Button>
      <p className={page.text}>
        {t('auth:have_account')} <Link href={`/login${search.size ? `?${search.toString()}` : ''}`}>{t('auth:go_login')}</Link>
      </p>
    </form>
  );

  return (
    <AuthCard title={t('auth:register_title')} subtitle={t('auth:register_subtitle')}>
      <Tabs
        label={t('auth:register_title')}
        fullWidth
        value={channel}
        onValueChange={(value) => { setChannel(value as Channel); setAccount(''); setSentTo(null); clear('account'); }}
        items={(['username', 'email', 'phone'] as const).map((value) => ({
          value,
          label: t(value === 'username' ? 'auth:tab_username' : value === 'email' ? 'auth:tab_email' : 'auth:tab_phone'),
          content: value === channel ? form : null,
        }))}
      />
    </AuthCard>
  );
}
