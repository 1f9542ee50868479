import { I18nextProvider, useTranslation } from '@nimbus/i18n';
import { LinkComponentProvider } from '@nimbus/ui/link';
import { ToastProvider } from '@nimbus/ui/toast';
import '@nimbus/ui/theme';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { AppLink } from '../links/AppLink.tsx';
import { SignInLinkPrompt } from '../session/SignInLinkPrompt.tsx';
import { WebAppContext, webAppInfo } from './web-app-context.tsx';

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <ToastProvider label={t('notifications')} dismissLabel={t('button_close')}>
      {children}
    </ToastProvider>
  );
}

/**
 * The providers every app renders around its router (in the browser and when pre-rendering):
 * translations, which app this is, router links for the UI kit, and the toast viewport that
 * shows the API's error toasts, and the question a sign-in link asks before it is used. The UI
 * kit's theme (with the root font rule) comes with it.
 */
export function AppRoot({
  i18n,
  basename,
  children,
}: {
  i18n: I18n;
  basename: string;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <WebAppContext.Provider value={webAppInfo(basename)}>
        <LinkComponentProvider component={AppLink}>
          <Toasts>
            {children}
            <SignInLinkPrompt />
          </Toasts>
        </LinkComponentProvider>
      </WebAppContext.Provider>
    </I18nextProvider>
  );
}
