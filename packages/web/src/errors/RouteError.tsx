import { useTranslation } from '@nimbus/i18n';
import { ErrorPage } from '@nimbus/ui/error-page';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadOnceForChunkError } from './chunk-reload.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The route error element: a 404 shows the not-found page; a page module that failed to load
 * reloads the page once (session flag); anything else shows the error page with the message.
 */
export function RouteError() {
  return <ErrorView error={useRouteError()} />;
}

/** The error screen for an error in hand (RouteError's, or a page module that failed to load). */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  // Decided once on mount: while the reload is under way, show nothing rather than a flash of the
  // error.
  const [reloading] = useState(() => reloadOnceForChunkError(error));
  useEffect(() => {
    if (!reloading) console.error(error);
  }, [error, reloading]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
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
