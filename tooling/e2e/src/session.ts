import type { BrowserContext } from '@playwright/test';

/**
 * Makes a browser context logged in as the holder of `token`, the way the web client keeps a
 * login session: localStorage 'token' plus the 'token' cookie, before any page script runs.
 */
export async function logInContext(
  context: BrowserContext,
  baseUrl: string,
  token: string,
): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: baseUrl, sameSite: 'Lax' }]);
  await context.addInitScript((value) => {
    try {
      globalThis.localStorage.setItem('token', value);
    } catch {
      // Storage blocked: the cookie still carries the session.
    }
  }, token);
}
