import { useTranslation } from '@nimbus/i18n';
import { Spinner } from '@nimbus/ui/spinner';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { loginUrl, safeRedirect } from '../app-paths.ts';
import { useGo, useWebApp } from '../app/web-app-context.tsx';
import { useSessionState, type SessionStore } from '../session/session-store.ts';

function Waiting() {
  const { t } = useTranslation('common');
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <Spinner label={t('loading')} />
    </div>
  );
}

/** The full path of the current page (with the app's basename), to return to after logging in. */
function useFullPath(): string {
  const location = useLocation();
  const { basename } = useWebApp();
  const base = basename.replace(/\/+$/, '');
  return `${base}${location.pathname === '/' && base ? '' : location.pathname}${location.search}${location.hash}`;
}

/**
 * Only for a valid session: a logged-out visitor goes to /login?redirect=<this page> (the
 * login page sends them back after logging in). While the session is being checked, a spinner.
 */
export function RequireAuth({ children, store }: { children: ReactNode; store?: SessionStore }) {
  const state = useSessionState(store);
  const go = useGo();
  const here = useFullPath();
  useEffect(() => {
    if (state === 'loggedOut') go(loginUrl(here), { replace: true });
  }, [state, go, here]);
  return state === 'loggedIn' ? <>{children}</> : <Waiting />;
}

/**
 * The login, register and reset pages: a visitor who is already logged in goes on to where
 * ?redirect= points (a safe same-origin path), else to the account centre.
 */
export function LoginAccessGuard({
  children,
  store,
}: {
  children: ReactNode;
  store?: SessionStore;
}) {
  const state = useSessionState(store);
  const go = useGo();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  useEffect(() => {
    if (state === 'loggedIn') go(target, { replace: true });
  }, [state, go, target]);
  return state === 'loggedIn' ? <Waiting /> : <>{children}</>;
}
