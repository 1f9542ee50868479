import { useTranslation } from '@nimbus/i18n';
import { ErrorPage } from '@nimbus/ui/error-page';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { reloadOnceForChunkError } from './chunk-reload.ts';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function RouteErrorFallback({ error }: FallbackProps) {
  return <ErrorView error={error} />;
}

/**
 * A route's error boundary: an error while rendering its screen shows the error page (a page
 * module that failed to load reloads the page once); navigating elsewhere clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorFallback} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}

/** The error screen for an error in hand (a route's, or a page module that failed to load). */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  // Decided once on mount: while the reload is under way, show nothing rather than a flash of the
  // error.
  const [reloading] = useState(() => reloadOnceForChunkError(error));
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);

  if (reloading) return null;
  return (
    <ErrorPage
      title={t('error_title')}
      suggestion={t('error_suggestion')}
      subtitle={t('error_subtitle')}
      reloadLabel={t('error_reload')}
      errorMessage={messageOf(error)}
    />
  );
}
