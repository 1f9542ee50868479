import { useUserKeepAccount, useUserSendCode } from '@nimbus/api-sdk/react';
import { validateEmail } from '@nimbus/domain/email';
import { validateKeepAccount, type KeepAccountChannel } from '@nimbus/domain/trial-account';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Tabs } from '@nimbus/ui/tabs';
import { useState, type FormEvent } from 'react';
import { useValidationText } from '../../components/validation-text.ts';
import * as page from '../../styles/page.css.ts';
import { NewPasswordFields, useFieldErrors, VerificationCodeField } from '../auth/auth-shared.tsx';
import { ChannelAccountField } from '../auth/ChannelAccountField.tsx';

type Field = 'account' | 'code' | 'password' | 'confirm';

/**
 * Keeps the trial button's account (made without an e-mail, username or password): an e-mail
 * address with the code sent to it, or a username, and a password (user_keep_account). Then the
 * person logs in to the apps with them. Shown during the trial and after it.
 */
export function KeepAccountForm({ onKept }: { onKept?: () => void } = {}) {
  const { t } = useTranslation(['home', 'auth']);
  const text = useValidationText();
  const keep = useUserKeepAccount();
  const sendCode = useUserSendCode();
  const [channel, setChannel] = useState<KeepAccountChannel>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const { errors, check, clear } = useFieldErrors<Field>();

  if (kept !== null)
    return (
      <p className={page.successBox} role="status">
        {t('home:keep_done', { account: kept })}
      </p>
    );

  const send = async () => {
    const target = validateEmail(account);
    if (!target.ok) {
      check({ account: target });
      throw new Error(target.error);
    }
    await sendCode.mutateAsync({ channel: 'email', target: target.value, purpose: 'register' });
    setSentTo(target.value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateKeepAccount({
      channel,
      account,
      password,
      confirmPassword: confirm,
      code,
    });
    if (!result.ok) {
      const fields = result.fieldErrors;
      const failed = (error: string | undefined) =>
        error === undefined ? undefined : ({ ok: false, error } as const);
      check({
        account: failed(fields.account),
        code: failed(fields.code),
        password: failed(fields.password),
        confirm: failed(fields.confirmPassword),
      });
      return;
    }
    check({});
    keep.mutate(
      {
        channel,
        account: result.value.account,
        password,
        ...(channel === 'email' ? { code: result.value.code } : {}),
      },
      {
        onSuccess: (answer) => {
          setKept(answer.account);
          onKept?.();
        },
      },
    );
  };

  const form = (
    <form className={page.stack} onSubmit={submit} noValidate>
      <ChannelAccountField
        channel={channel}
        phone={undefined}
        value={account}
        onChange={(v) => {
          setAccount(v);
          clear('account');
        }}
        country="CN"
        onCountryChange={() => undefined}
        error={errors.account}
      />
      {channel === 'email' && (
        <VerificationCodeField
          value={code}
          onChange={(v) => {
            setCode(v);
            clear('code');
          }}
          onSend={send}
          hint={sentTo ? t('auth:code_sent_email', { email: sentTo }) : undefined}
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
      {Object.values(errors).some(Boolean) && (
        <p className={page.errorText} role="alert">
          {text('check_input')}
        </p>
      )}
      <Button type="submit" fullWidth size="lg" loading={keep.isPending}>
        {t('home:keep_submit')}
      </Button>
    </form>
  );

  return (
    <section className={`${page.formCard} ${page.mtMd}`} aria-labelledby="keep-account-title">
      <h2 id="keep-account-title" className={page.tileTitle}>
        {t('home:keep_title')}
      </h2>
      <p className={page.text}>{t('home:keep_intro')}</p>
      <Tabs
        label={t('home:keep_title')}
        fullWidth
        value={channel}
        onValueChange={(value) => {
          setChannel(value as KeepAccountChannel);
          setAccount('');
          setSentTo(null);
          clear('account');
        }}
        items={(['email', 'username'] as const).map((value) => ({
          value,
          label: t(value === 'email' ? 'auth:tab_email' : 'auth:tab_username'),
          content: value === channel ? form : null,
        }))}
      />
    </section>
  );
}
