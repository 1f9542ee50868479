import Cookies from 'js-cookie';

/**
 * The parent domain cookies are set on, so the marketing site, account centre and affiliate
 * dashboard on sibling subdomains share them: the last two labels of the hostname. Hosts where
 * that makes no sense (localhost, IP addresses, single labels) get host-only cookies.
 */
export function parentDomain(hostname: string): string | undefined {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (
    host === '' ||
    host === 'localhost' ||
    host.includes(':') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host)
  )
    return undefined;
  const labels = host.split('.');
  if (labels.length < 2) return undefined;
  return labels.slice(-2).join('.');
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, days: number): void;
  remove(name: string): void;
}

export interface CookieJarOptions {
  /** The page's hostname. */
  hostname: string;
  /** Overrides the parent domain (for example `example.co.uk`); null for host-only cookies. */
  domain?: string | null;
  secure?: boolean;
}

export function createCookieJar({ hostname, domain, secure = false }: CookieJarOptions): CookieJar {
  const cookieDomain = domain === undefined ? parentDomain(hostname) : domain;
  const attributes: Cookies.CookieAttributes = {
    path: '/',
    sameSite: 'Lax',
    secure,
    ...(cookieDomain ? { domain: cookieDomain } : {}),
  };
  return {
    get: (name) => Cookies.get(name),
    set: (name, value, days) => {
      Cookies.set(name, value, { ...attributes, expires: days });
    },
    // A cookie is removed with the attributes it was set with.
    remove: (name) => Cookies.remove(name, attributes),
  };
}
