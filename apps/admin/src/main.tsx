import { applyDocumentLanguage, detectBrowserLanguage, isLanguage } from '@nimbus/i18n';
import { AppRoot, AppRoutes, createWebI18n, loadNamespaces } from '@nimbus/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routes } from './routes.tsx';
import { consoleApi } from './session/console-api.ts';

const BASENAME = '/admin';

/**
 * The operator console: the kit's providers (theme, translations, toasts), the console's own
 * catalogue, and its router. No member session, no signing: the console speaks to /api/admin/
 * with an operator session only.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root element');
  const language = detectBrowserLanguage();
  const i18n = createWebI18n(language);
  applyDocumentLanguage(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyDocumentLanguage(next);
  });
  await loadNamespaces(i18n, [
    'common',
    'admin',
    'admin-setup',
    'admin-kol',
    'admin-groups',
    'admin-nodes',
    'admin-webhooks',
    'errors',
    'validation',
  ]);
  consoleApi(i18n);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  createRoot(container).render(
    <AppRoot i18n={i18n} basename={BASENAME}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={BASENAME}>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </QueryClientProvider>
    </AppRoot>,
  );
}

void start();
