/**
 * The server gives invite and group links as paths on the marketing site (`/register?ref=ABC`).
 * People share them outside the browser, so they are made absolute on this origin (all apps
 * share one origin, or one parent domain in production).
 */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}

export function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
