import {
  useUserChangePassword,
  useUserEndOtherSessions,
  useUserEndSession,
  useUserMailPreferences,
  useUserMailPreferencesUpdate,
  useUserSessions,
  useUserTelegramLink,
  useUserTelegramNotices,
  useUserTelegramStatus,
  useUserTelegramUnlink,
} from '@nimbus/api-sdk/react';
import type { TelegramLinkStart } from '@nimbus/api-sdk/contract';
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { LoadFailed } from '@nimbus/web/screens';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MailPreferences } from './MailPreferences.tsx';
import { SessionList } from './SessionList.tsx';
import { TelegramCard } from './TelegramCard.tsx';

/**
 * /user/security: change the password, see the signed-in sessions and sign them out, and choose
 * the optional notice e-mails, and link a Telegram chat for them.
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
  const [pending, setPending] = useState<TelegramLinkStart | undefined>();
  // While a t.me link waits for Start, the status is asked again every 3 s.
  const telegram = useUserTelegramStatus(
    {},
    {
      refetchInterval: (query) =>
        pending && !query.state.data?.linked && pending.expiresAt > Date.now() ? 3000 : false,
    },
  );
  const linkTelegram = useUserTelegramLink();
  const unlinkTelegram = useUserTelegramUnlink();
  const telegramNotices = useUserTelegramNotices();
  const linked = telegram.data?.linked === true;
  const waiting = useRef(false);
  useEffect(() => {
    if (linked && waiting.current) {
      waiting.current = false;
      toast.success(t('account:telegram_linked_toast'));
    }
  }, [linked, toast, t]);

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
      {!telegram.isError && (
        <TelegramCard
          status={telegram.data}
          language={language}
          pending={linked ? undefined : pending}
          onLink={async () => {
            setPending(await linkTelegram.mutateAsync({}));
            waiting.current = true;
          }}
          onUnlink={async () => {
            await unlinkTelegram.mutateAsync({});
            setPending(undefined);
            toast.success(t('account:telegram_unlinked'));
          }}
          onNotices={async (notices) => {
            await telegramNotices.mutateAsync({ notices });
            toast.success(t('account:telegram_saved'));
          }}
        />
      )}
    </PageSection>
  );
}
