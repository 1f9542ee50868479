import { validateAgreement } from '@nimbus/domain/agreement';
import { validateInviteCode } from '@nimbus/domain/invite-code';
import { validatePassword, validatePasswordConfirmation } from '@nimbus/domain/password';
import type { CountryCode } from '@nimbus/domain/phone';
import { validateVerificationCode } from '@nimbus/domain/verification-code';
import { useApi, useUserRegister, useUserSendCode } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Link } from '@nimbus/ui/link';
import { Tabs } from '@nimbus/ui/tabs';
import { TextField } from '@nimbus/ui/text-field';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import * as page from '../../styles/page.css.ts';
import {
  AuthCard,
  NewPasswordFields,
  useCarriedQuery,
  useFieldErrors,
  VerificationCodeField,
} from './auth-shared.tsx';
import { AgreementCheckbox } from './AgreementCheckbox.tsx';
import { useValidationText } from '../../components/validation-text.ts';
import { ChannelAccountField, checkChannelAccount } from './ChannelAccountField.tsx';
import { usePhoneSupport } from './phone-support.ts';

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
  const query = useCarriedQuery();
  const api = useApi();
  const register = useUserRegister();
  const sendCode = useUserSendCode();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState<CountryCode>('CN');
  const phone = usePhoneSupport(channel === 'phone');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The pre-rendered page cannot know the link's code: it is filled in after hydration, so the
  // first render matches the HTML (the runtime does not patch input values while hydrating).
  const [invite, setInvite] = useState('');
  const linkedInvite = search.get('invite') ?? search.get('ref');
  useEffect(() => {
    // Two-pass rendering (see above): the rule cannot tell it from a cascade of renders.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (linkedInvite) setInvite(linkedInvite);
  }, [linkedInvite]);
  const [agreed, setAgreed] = useState(false);
  const { errors, check, clear } = useFieldErrors<Field>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const accountResult = () => checkChannelAccount(channel, account, country, phone);

  const send = async () => {
    const target = accountResult();
    if (!target.ok) {
      check({ account: target });
      throw new Error(target.error);
    }
    await sendCode.mutateAsync({
      channel: channel === 'phone' ? 'phone' : 'email',
      target: target.value,
      purpose: 'register',
    });
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
      // On success the login-access guard sends the new member on (to ?redirect= or the account
      // centre).
    );
  };

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
      {channel !== 'username' && (
        <VerificationCodeField
          value={code}
          onChange={(v) => {
            setCode(v);
            clear('code');
          }}
          onSend={send}
          hint={
            sentTo
              ? channel === 'email'
                ? t('auth:code_sent_email', { email: sentTo })
                : t('auth:code_sent_phone', { phone: sentTo })
              : undefined
          }
          error={errors.code}
        />
      )}
      <NewPasswordFields
        label={t('auth:field_password')}
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
        hint={t('auth:hint_password')}
        errors={errors}
      />
      <TextField
        label={t('auth:field_invite_code')}
        value={invite}
        onChange={(e) => {
          setInvite(e.target.value);
          clear('invite');
        }}
        placeholder={t('auth:placeholder_invite_code')}
        hint={t('auth:hint_invite_code')}
        error={errors.invite}
      />
      <AgreementCheckbox
        checked={agreed}
        onChange={(v) => {
          setAgreed(v);
          clear('agreement');
        }}
        error={errors.agreement}
      />
      {Object.values(errors).some(Boolean) && (
        <p className={page.errorText} role="alert">
          {text('check_input')}
        </p>
      )}
      <Button type="submit" fullWidth size="lg" loading={register.isPending}>
        {register.isPending ? t('auth:submitting') : t('auth:register_submit')}
      </Button>
      <p className={page.text}>
        {t('auth:have_account')} <Link href={`/login${query}`}>{t('auth:go_login')}</Link>
      </p>
    </form>
  );

  return (
    <AuthCard title={t('auth:register_title')} subtitle={t('auth:register_subtitle')}>
      <Tabs
        label={t('auth:register_title')}
        fullWidth
        value={channel}
        onValueChange={(value) => {
          setChannel(value as Channel);
          setAccount('');
          setSentTo(null);
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
