/** Resets what a previous test left in the jsdom page: storage and every cookie. */
export function resetBrowserState(): void {
  localStorage.clear();
  sessionStorage.clear();
  const jar = (globalThis as unknown as { jsdom: { cookieJar: { removeAllCookiesSync(): void } } })
    .jsdom.cookieJar;
  jar.removeAllCookiesSync();
}

/** The cookies a page at `url` would see: proves which domain a cookie was set on. */
export function cookiesVisibleAt(url: string): Record<string, string> {
  const jar = (
    globalThis as unknown as {
      jsdom: { cookieJar: { getCookiesSync(u: string): Array<{ key: string; value: string }> } };
    }
  ).jsdom.cookieJar;
  return Object.fromEntries(jar.getCookiesSync(url).map((c) => [c.key, c.value]));
}

/** The cookie with its attributes, as stored. */
export function storedCookie(
  url: string,
  name: string,
): { domain: string | null; expires: Date | 'Infinity'; hostOnly: boolean | null } | undefined {
  const jar = (
    globalThis as unknown as {
      jsdom: {
        cookieJar: {
          getCookiesSync(u: string): Array<{
            key: string;
            domain: string | null;
            expires: Date | 'Infinity';
            hostOnly: boolean | null;
          }>;
        };
      };
    }
  ).jsdom.cookieJar;
  return jar.getCookiesSync(url).find((c) => c.key === name);
}
