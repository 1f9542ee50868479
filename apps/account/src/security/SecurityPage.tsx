import {
  useUserChangePassword,
  useUserEndOtherSessions,
  useUserEndSession,
  useUserMailPreferences,
  useUserMailPreferencesUpdate,
  useUserSessions,
} from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed } from '@nimbus/web/screens';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MailPreferences } from './MailPreferences.tsx';
import { SessionList } from './SessionList.tsx';

/**
 * /user/security: change the password, see the signed-in sessions and sign them out, and choose
 * the optional notice e-mails.
 */
export default function SecurityPage() {
  const { t } = useTranslation(['account']);
  const language = useLanguage();
  const toast = useToast();
  const sessions = useUserSessions();
  const change = useUserChangePassword();
  const end = useUserEndSession();
  const endOthers = useUserEndOtherSessions();
  const mail = useUserMailPreferences();
  const updateMail = useUserMailPreferencesUpdate();

  return (
    <PageSection title={t('account:security_title')} lead={t('account:security_lead')}>
      <ChangePasswordForm onChange={async (input) => (await change.mutateAsync(input)).signedOut} />
      {sessions.isError ? (
        <LoadFailed onRetry={() => void sessions.refetch()} />
      ) : (
        <SessionList
          sessions={sessions.data?.items ?? []}
          loading={sessions.isPending}
          language={language}
          onEnd={async (session) => {
            await end.mutateAsync({ sessionId: session.id });
            toast.success(t('account:session_ended'));
          }}
          onEndOthers={async () => {
            const { signedOut } = await endOthers.mutateAsync({});
            toast.success(t('account:sessions_ended', { count: signedOut }));
          }}
        />
      )}
      {mail.isError ? (
        <LoadFailed onRetry={() => void mail.refetch()} />
      ) : (
        <MailPreferences
          preferences={mail.data}
          onChange={async (change) => {
            await updateMail.mutateAsync(change);
            toast.success(t('account:mail_saved'));
          }}
        />
      )}
    </PageSection>
  );
}
