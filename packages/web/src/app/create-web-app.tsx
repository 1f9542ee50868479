import { isAdCrawler } from '@nimbus/domain/platform';
import { applyDocumentLanguage, detectBrowserLanguage, isLanguage } from '@nimbus/i18n';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { clearChunkReloadFlag } from '../errors/chunk-reload.ts';
import { createWebI18n, loadNamespaces } from '../i18n/create-web-i18n.ts';
import { configureServices, loadServices } from '../services/load-services.ts';
import { AppRoot } from './AppRoot.tsx';
import { readEmbeddedCatalogues } from './embedded-catalogues.ts';
import { eagerNamespaces, toRouteObjects, type WebRoute } from './routes.tsx';

export interface CreateWebAppOptions {
  routes: readonly WebRoute[];
  /** '/' (marketing), '/user' (account), '/user/kol' (affiliate). */
  basename: string;
  /** Defaults to #root. */
  container?: HTMLElement | null;
}

/** Loads the lazy modules of the routes that match now, so the first render (or hydration) has them. */
async function resolveMatchedLazy(routes: RouteObject[], pathname: string, basename: string): Promise<void> {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, { ...properties, lazy: undefined });
    }),
  );
}

function afterFirstPaint(callback: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
  requestAnimationFrame(() => (idle ? idle(callback, { timeout: 1500 }) : setTimeout(callback, 1)));
}

/**
 * Starts an app in the browser: language (stored choice, else browser languages, else Chinese),
 * catalogues on demand, the router with lazy pages, hydration of a pre-rendered page (or a
 * fresh render), and the API client after first paint (token and tracking capture, error
 * toasts, redirect to login). An ad crawler gets an empty page.
 */
export async function createWebApp({ routes, basename, container = document.getElementById('root') }: CreateWebAppOptions): Promise<void> {
  if (!container) throw new Error('createWebApp: no #root element');
  if (isAdCrawler(navigator.userAgent)) {
    container.replaceChildren();
    return;
  }

  const embedded = readEmbeddedCatalogues();
  const language = detectBrowserLanguage();
  const canHydrate = embedded?.language === language && container.hasChildNodes();
  const i18n = createWebI18n(language, canHydrate ? { initialResources: { [language]: embedded.resources } } : {});
  applyDocumentLanguage(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyDocumentLanguage(next);
  });

  const routeObjects = toRouteObjects(routes, { i18n, loadServices });
  // The services may navigate (to the login page) only once the router exists.
  const routerRef: { current?: ReturnType<typeof createBrowserRouter> } = {};
  configureServices({ i18n, basename, navigate: (to) => void routerRef.current?.navigate(to) });

  const ready = await Promise.all([
    loadNamespaces(i18n, ['common', ...eagerNamespaces(routes)]),
    resolveMatchedLazy(routeObjects, location.pathname, basename),
  ]).then(
    () => true,
    // A page module that fails here is loaded again by the router, whose error element
    // then reloads once or shows the error page.
    () => false,
  );
  if (ready) clearChunkReloadFlag();

  const router = createBrowserRouter(routeObjects, { basename });
  routerRef.current = router;
  const app = (
    <AppRoot i18n={i18n} basename={basename}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  if (canHydrate && ready) hydrateRoot(container, app);
  else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  afterFirstPaint(() => void loadServices());
}
