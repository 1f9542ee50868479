import type { Namespace } from '@nimbus/i18n';
import { useTranslation } from '@nimbus/i18n';
import type { i18n as I18n } from 'i18next';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { clearChunkReloadFlag, reloadOnceForChunkError } from '../errors/chunk-reload.ts';
import { ErrorView, RouteErrorBoundary } from '../errors/RouteError.tsx';
import { LoginAccessGuard, RequireAuth } from '../guards/guards.tsx';
import { loadNamespaces } from '../i18n/create-web-i18n.ts';
import type { WebServices } from '../services/types.ts';
import { LazyRoute, lazyScreen, type LazyScreen } from './lazy-screen.tsx';

/** A page module: its default export is the screen. */
export interface PageModule {
  default: ComponentType;
}

/**
 * One route of an app, as the apps write it; `toRouteObjects` turns it into react-router's.
 * Pages are lazy modules; each waits for its catalogues (and the API client unless `api: false`).
 */
export interface WebRoute {
  /** Relative to the parent (react-router rules); absent with `index`. */
  path?: string;
  index?: boolean;
  /** The lazy screen: `() => import('./pages/pricing')`. */
  page?: () => Promise<PageModule>;
  /** A component in the entry chunk, e.g. a layout with an <Outlet />. */
  Component?: ComponentType;
  children?: WebRoute[];
  /** Catalogue namespaces the screen uses besides `common`; loaded before it renders. */
  namespaces?: readonly Namespace[];
  /**
   * Default true: the screen renders inside the API provider (its SDK hooks work) and waits for
   * the API chunk. false: a static screen that renders without it (faster first paint); it can
   * still `await loadServices()` in an event handler.
   */
  api?: boolean;
  /** 'auth': RequireAuth; 'login-access': LoginAccessGuard (login, register, reset). */
  guard?: 'auth' | 'login-access';
  /** Default true: route errors show the error page here. false: no error page of its own. */
  errorPage?: boolean;
  /** The meta catalogue key prefix for <title>: 'pricing' sets meta:pricing_title. */
  title?: string;
}

export interface RouteContext {
  i18n: I18n;
  loadServices: () => Promise<WebServices>;
}

/** What `toRouteObjects` keeps on each route object (its `handle`). */
export interface WebRouteHandle {
  /** The route's lazy screen, when it has a `page`. */
  screen?: LazyScreen;
}

function Guarded({ guard, children }: { guard: WebRoute['guard']; children: ReactNode }) {
  if (guard === 'auth') return <RequireAuth>{children}</RequireAuth>;
  if (guard === 'login-access') return <LoginAccessGuard>{children}</LoginAccessGuard>;
  return <>{children}</>;
}

function DocumentTitle({ title }: { title: string }) {
  const { t, i18n } = useTranslation('meta');
  useEffect(() => {
    // Keys are app data here (route config), so the typed `t` is bypassed on purpose.
    const text = (t as unknown as (key: string) => string)(`meta:${title}_title`);
    if (typeof document !== 'undefined') document.title = text;
  }, [t, title, i18n.language]);
  return null;
}

function screen(
  route: WebRoute,
  Screen: ComponentType,
  services: WebServices | undefined,
): ComponentType {
  const Boundary = services?.ApiBoundary;
  function RouteScreen() {
    const content = (
      <Guarded guard={route.guard}>
        {route.title && <DocumentTitle title={route.title} />}
        <Screen />
      </Guarded>
    );
    return Boundary ? <Boundary>{content}</Boundary> : content;
  }
  RouteScreen.displayName = `Route(${Screen.displayName ?? Screen.name})`;
  return RouteScreen;
}

function namespacesOf(route: WebRoute): Namespace[] {
  return [...(route.namespaces ?? []), ...(route.title ? (['meta'] as const) : [])];
}

/** Every namespace the eager components (layouts) of these routes need at start. */
export function eagerNamespaces(routes: readonly WebRoute[]): Namespace[] {
  return routes.flatMap((route) => [
    ...(route.Component ? namespacesOf(route) : []),
    ...eagerNamespaces(route.children ?? []),
  ]);
}

function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Loads a route's page module with what it waits for (catalogues, the API client). A module that
 * cannot be loaded (usually a deployment replaced the chunks) reloads the page once, at `href`
 * (where the navigation was going, not the page being left); if it still fails, the error page.
 */
function pageLoader(route: WebRoute, load: NonNullable<WebRoute['page']>, context: RouteContext) {
  return async (href: string | null): Promise<ComponentType> => {
    try {
      const [module, services] = await Promise.all([
        load(),
        route.api === false ? undefined : context.loadServices(),
        loadNamespaces(context.i18n, namespacesOf(route)),
      ]);
      clearChunkReloadFlag();
      return screen(route, module.default, services);
    } catch (error) {
      const here = `${globalThis.location.pathname}${globalThis.location.search}${globalThis.location.hash}`;
      const reload = () =>
        href && href !== here ? globalThis.location.assign(href) : globalThis.location.reload();
      if (reloadOnceForChunkError(error, { storage: sessionStorageOrNull(), reload }))
        return new Promise<never>(() => undefined);
      const Failed = () => <ErrorView error={error} />;
      return Failed;
    }
  };
}

/**
 * The react-router routes of an app's WebRoutes (declarative routing: `useRoutes`). Each page is
 * a lazy screen (preloaded for the first render, see `preloadMatched`), and each route has its
 * own error boundary unless `errorPage: false`.
 */
export function toRouteObjects(routes: readonly WebRoute[], context: RouteContext): RouteObject[] {
  return routes.map((route) => {
    const object: Record<string, unknown> = {};
    const handle: WebRouteHandle = {};
    if (route.path !== undefined) object.path = route.path;
    if (route.index) object.index = true;
    if (route.children) object.children = toRouteObjects(route.children, context);
    let element: ReactNode = null;
    if (route.Component) {
      const Screen = screen(route, route.Component, undefined);
      element = <Screen />;
    } else if (route.page) {
      handle.screen = lazyScreen(pageLoader(route, route.page, context));
      element = <LazyRoute screen={handle.screen} />;
    }
    if (element && route.errorPage !== false)
      element = <RouteErrorBoundary>{element}</RouteErrorBoundary>;
    if (element) object.element = element;
    object.handle = handle;
    return object as RouteObject;
  });
}

/**
 * Loads the lazy screens of the routes that match `pathname`, so the first render (or
 * hydration) has them and does not suspend. Answers whether any route matched.
 */
export async function preloadMatched(
  routes: RouteObject[],
  pathname: string,
  basename = '/',
): Promise<boolean> {
  const matches = matchRoutes(routes, pathname, basename);
  await Promise.all(
    (matches ?? []).map(({ route }) =>
      (route.handle as WebRouteHandle | undefined)?.screen?.preload(),
    ),
  );
  return matches !== null;
}
