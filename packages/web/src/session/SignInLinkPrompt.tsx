import { useTranslation } from '@nimbus/i18n';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { toast } from '@nimbus/ui/toast';
import { useEffect, useState } from 'react';
import { useServices } from '../services/load-services.ts';
import { useSessionState } from './session-store.ts';

/**
 * A page opened with a sign-in link (`?token=`) asks before it uses the link (issue 30, item 5):
 * a link minted from someone else's account would otherwise put the visitor into that account,
 * replacing their own session without a word (a login CSRF). The dialog names the account the
 * link opens (masked, from user_sign_in_link_account, which does not use the link) and says when
 * it replaces the session this browser has. Only "Sign in" exchanges the link; Cancel (the
 * focused button, and Esc) leaves the session as it was and the link unused. The link stays
 * pending for the tab until then, so a guard's redirect to the login page (another app) asks
 * there.
 */
export function SignInLinkPrompt() {
  const services = useServices();
  const session = useSessionState();
  const { t } = useTranslation('common');
  const [pending, setPending] = useState<{ link: string; account: string } | null>(null);

  useEffect(() => {
    if (!services) return;
    const { api } = services;
    const link = api.pendingSignInLink();
    if (link === null) return;
    api.userSignInLinkAccount({ linkToken: link }).then(
      ({ account }) => setPending({ link, account }),
      () => {
        api.forgetSignInLink();
        toast.error(t('sign_in_link_invalid'));
      },
    );
  }, [services, t]);

  if (!services || !pending) return null;
  const signIn = async () => {
    services.api.forgetSignInLink();
    try {
      await services.api.userSignInLinkExchange({ linkToken: pending.link });
    } catch {
      toast.error(t('sign_in_link_invalid'));
    }
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (open) return;
        services.api.forgetSignInLink();
        setPending(null);
      }}
      title={t('sign_in_link_title')}
      description={t('sign_in_link_account', { account: pending.account })}
      confirmLabel={t('sign_in_link_confirm')}
      cancelLabel={t('button_cancel')}
      onConfirm={signIn}
    >
      <p>{session === 'loggedOut' ? t('sign_in_link_only_yours') : t('sign_in_link_replaces')}</p>
    </ConfirmDialog>
  );
}
