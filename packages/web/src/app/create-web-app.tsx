import { isAdCrawler } from '@nimbus/domain/platform';
import { applyDocumentLanguage, detectBrowserLanguage, isLanguage } from '@nimbus/i18n';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, type NavigateFunction } from 'react-router';
import { createWebI18n, loadNamespaces } from '../i18n/create-web-i18n.ts';
import { configureServices, loadServices } from '../services/load-services.ts';
import { AppRoot } from './AppRoot.tsx';
import { readEmbeddedCatalogues } from './embedded-catalogues.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { endHydration, startHydration } from './hydration.ts';
import { eagerNamespaces, preloadMatched, toRouteObjects, type WebRoute } from './routes.tsx';

export interface CreateWebAppOptions {
  routes: readonly WebRoute[];
  /** '/' (marketing), '/user' (account), '/user/kol' (affiliate). */
  basename: string;
  /** Defaults to #root. */
  container?: HTMLElement | null;
}

/** Resolves after the browser has painted the current frame. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Resolves in a new task: the work before it (module evaluation, the API client) and after it stay
 * apart.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function afterFirstPaint(callback: () => void): void {
  const idle = (
    globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }
  ).requestIdleCallback;
  requestAnimationFrame(() => (idle ? idle(callback, { timeout: 1500 }) : setTimeout(callback, 1)));
}

/**
 * Starts an app in the browser: language (stored choice, else browser languages, else Chinese),
 * catalogues on demand, the router with lazy pages, hydration of a pre-rendered page (or a
 * fresh render), and the API client after first paint (token and tracking capture, error
 * toasts, redirect to login). An ad crawler gets an empty page.
 */
export async function createWebApp({
  routes,
  basename,
  container = document.getElementById('root'),
}: CreateWebAppOptions): Promise<void> {
  if (!container) throw new Error('createWebApp: no #root element');
  if (isAdCrawler(navigator.userAgent)) {
    container.replaceChildren();
    return;
  }

  // A pre-rendered page is painted before any of the app's work starts: hydration is the
  // longest task of a first visit and would otherwise hold back the first paint.
  if (container.hasChildNodes()) await nextPaint();

  const embedded = readEmbeddedCatalogues();
  const language = detectBrowserLanguage();
  const canHydrate = embedded?.language === language && container.hasChildNodes();
  const i18n = createWebI18n(
    language,
    canHydrate ? { initialResources: { [language]: embedded.resources } } : {},
  );
  // The API client may start from here on (a page that calls the API waits for it): its answers
  // wait until the page has hydrated, so hydration renders what the HTML shows (no data yet).
  if (canHydrate) startHydration();
  applyDocumentLanguage(language);
  i18n.on('languageChanged', (next) => {
    if (isLanguage(next)) applyDocumentLanguage(next);
  });

  // The services may navigate (to the login page) only once the router exists.
  const navigateRef: { current?: NavigateFunction } = {};
  const routeObjects = toRouteObjects(routes, { i18n, loadServices });
  configureServices({ i18n, basename, navigate: (to) => void navigateRef.current?.(to) });

  // A page whose module fails to load resolves to the error page (or reloads once), so this
  // only fails when the catalogues cannot be loaded; the router then shows what it can.
  const ready = await Promise.all([
    loadNamespaces(i18n, ['common', ...eagerNamespaces(routes)]),
    preloadMatched(routeObjects, location.pathname, basename),
  ]).then(
    () => true,
    () => false,
  );

  // Hydration is a long task of its own; it does not also carry the evaluation of the modules
  // just loaded (the page, the API client) that resolved the wait above.
  await nextTask();
  const app = (
    <AppRoot i18n={i18n} basename={basename}>
      <BrowserRouter basename={basename}>
        <AppRoutes routes={routeObjects} navigateRef={navigateRef} />
      </BrowserRouter>
    </AppRoot>
  );
  // In a transition React renders in slices and yields to the browser between them: the page
  // (already painted from the pre-rendered HTML) stays responsive while it hydrates.
  startTransition(() => {
    if (canHydrate && ready) hydrateRoot(container, app);
    else {
      endHydration();
      container.replaceChildren();
      createRoot(container).render(app);
    }
  });
  afterFirstPaint(() => void loadServices());
}
