import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { PageSection } from '@nimbus/ui/page-section';
import { PasswordField } from '@nimbus/ui/password-field';
import { TextField } from '@nimbus/ui/text-field';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../session/console-api.ts';
import { operatorStore } from '../session/operator-store.ts';
import * as styles from './console.css.ts';
import { messageOf } from './errors.ts';

/** Operator name, password and (after enrolment) the authenticator's code or a recovery code. */
export function SignInScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const signIn = useMutation({
    mutationFn: () =>
      consoleApi().adminLogin({
        username,
        password,
        ...(code.trim() === '' ? {} : { code: code.trim() }),
      }),
    onSuccess: ({ operator }) => operatorStore.setState({ operator, checked: true }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <PageSection title={t('sign_in_title')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <PasswordField
          label={t('password')}
          name="password"
          autoComplete="current-password"
          showPasswordLabel={t('common:button_show_password')}
          hidePasswordLabel={t('common:button_hide_password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <TextField
          label={t('code')}
          hint={t('code_hint')}
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {signIn.isError && (
          <p role="alert" className={styles.alert}>
            {messageOf(signIn.error)}
          </p>
        )}
        <Button type="submit" loading={signIn.isPending}>
          {t('sign_in')}
        </Button>
      </form>
    </PageSection>
  );
}
