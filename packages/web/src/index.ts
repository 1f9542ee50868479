/**
 * @nimbus/web: what the three apps share at run time. `@nimbus/web/prerender` renders a route to
 * HTML with the same tree (the build pipeline around it is `@nimbus/vite-config/prerender`).
 */
export { createWebApp, type CreateWebAppOptions } from './app/create-web-app.tsx';
export { AppRoot } from './app/AppRoot.tsx';
export { SiteLayout } from './app/SiteLayout.tsx';
export {
  toRouteObjects,
  preloadMatched,
  eagerNamespaces,
  type WebRoute,
  type PageModule,
  type RouteContext,
} from './app/routes.tsx';
export { useAfterPaint } from './app/use-after-paint.ts';
export { useHydrated } from './app/use-hydrated.ts';
export { useMoment } from './time/use-moment.ts';
export { useGo, useWebApp, WebAppContext, type WebAppInfo } from './app/web-app-context.tsx';
export {
  readEmbeddedCatalogues,
  EMBEDDED_CATALOGUES_ID,
  type EmbeddedCatalogues,
} from './app/embedded-catalogues.ts';
export {
  ACCOUNT_HOME_PATH,
  APP_BASENAMES,
  LOGIN_PATH,
  appOfPath,
  isInAppHref,
  loginUrl,
  safeRedirect,
  sameOriginPath,
  stripBasename,
  type WebAppName,
} from './app-paths.ts';
export { AppLink } from './links/AppLink.tsx';
export { RequireAuth, LoginAccessGuard } from './guards/guards.tsx';
export { RouteErrorBoundary, ErrorView } from './errors/RouteError.tsx';
export { AppRoutes } from './app/AppRoutes.tsx';
export { ScrollRestoration } from './app/scroll-restoration.tsx';
export { NotFoundPage } from './errors/NotFoundPage.tsx';
export {
  CHUNK_RELOAD_FLAG,
  clearChunkReloadFlag,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './errors/chunk-reload.ts';
export { SiteHeader, HEADER_LINKS } from './site/SiteHeader.tsx';
export { SiteFooter } from './site/SiteFooter.tsx';
export { SiteLanguageSwitcher } from './site/SiteLanguageSwitcher.tsx';
export { createWebI18n, loadNamespaces, switchLanguage } from './i18n/create-web-i18n.ts';
export {
  sessionStore,
  useSessionState,
  createSessionStore,
  hasSessionHint,
  type SessionState,
  type SessionStore,
} from './session/session-store.ts';
export {
  loadServices,
  useServices,
  configureServices,
  provideServices,
} from './services/load-services.ts';
export { useClientConfig } from './services/client-config-store.ts';
export {
  useDisplayConfig,
  useFeatureShown,
  displayConfigStore,
  type DisplayConfig,
} from './services/display-config-store.ts';
export { SiteNotices } from './site/SiteNotices.tsx';
export { wireApiEvents, type EventWiring } from './services/wire-events.ts';
export type { ClientConfig, ServicesConfig, WebServices } from './services/types.ts';
export { UserLayout } from './account-layout/UserLayout.tsx';
export { SectionNav } from './account-layout/SectionNav.tsx';
export {
  SECTIONS,
  isCurrentSection,
  shownSections,
  type SectionKey,
} from './account-layout/sections.ts';
