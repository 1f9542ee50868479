/**
 * The three apps share one origin (architecture section 3): /user/kol* is the affiliate
 * dashboard, /user* the account centre, everything else the marketing site. A link to a path of
 * another app must be a full page load; a link inside the app goes through the router.
 */
export type WebAppName = 'marketing' | 'account' | 'affiliate';

export const APP_BASENAMES: Readonly<Record<WebAppName, string>> = {
  marketing: '/',
  account: '/user',
  affiliate: '/user/kol',
};

/** Where the login page lives (marketing) and where a logged-in visitor goes (account). */
export const LOGIN_PATH = '/login';
export const ACCOUNT_HOME_PATH = '/user/profile';

const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The app that serves a path, by the same rule as the server's web hosting. */
export function appOfPath(pathname: string): WebAppName {
  if (under(pathname, '/user/kol')) return 'affiliate';
  if (under(pathname, '/user')) return 'account';
  return 'marketing';
}

export function appOfBasename(basename: string): WebAppName {
  const normalised = basename.replace(/\/+$/, '') || '/';
  return appOfPath(normalised === '/' ? '/' : normalised);
}

/** The path part of an href, or null when it leaves the origin (http:, mailto:, //host…). */
export function sameOriginPath(href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  if (!href.startsWith('/')) return null;
  return href.split(/[?#]/)[0] ?? '/';
}

/** True when `href` is a page of the app mounted at `basename` (so the router can take it). */
export function isInAppHref(href: string, basename: string): boolean {
  const path = sameOriginPath(href);
  return path !== null && appOfPath(path) === appOfBasename(basename);
}

/** The router's `to` for an in-app href: the href without the app's basename. */
export function stripBasename(href: string, basename: string): string {
  const base = basename.replace(/\/+$/, '');
  if (!base) return href;
  const rest = href.slice(base.length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** /login?redirect=<path> so the login page can send the visitor back. */
export function loginUrl(returnTo: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * The target of a ?redirect= parameter, if it is safe: a path on this origin (never
 * //evil.example or https://…), and not the login pages themselves.
 */
export function safeRedirect(
  value: string | null | undefined,
  fallback = ACCOUNT_HOME_PATH,
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback;
  const path = value.split(/[?#]/)[0] ?? '';
  if (['/login', '/register', '/resetpassword'].includes(path.replace(/\/+$/, ''))) return fallback;
  return value;
}
