import { readFile } from 'node:fs/promises';

/**
 * The client-side routes of a built app, as its build wrote them to `dist/routes.json`
 * (react-router path patterns, nested paths joined: `/crypto-pay/:productId`, `/clause/terms`).
 * The server answers a path no route matches with the not-found page and status 404, instead
 * of the app's index.html with 200 (which search engines would index as a page).
 */
export interface RoutePatterns {
  matches(pathname: string): boolean;
}

const segments = (p: string) => p.split('/').filter(Boolean);

/**
 * Whether one pattern matches: `:name` one segment, `:name?` and `segment?` optional, `*` the rest.
 */
export function patternMatches(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  const walk = (i: number, j: number): boolean => {
    if (i === want.length) return j === have.length;
    const part = want[i] ?? '';
    if (part === '*') return true;
    const optional = part.endsWith('?');
    const name = optional ? part.slice(0, -1) : part;
    const here = have[j];
    const fits =
      here !== undefined && (name.startsWith(':') || name.toLowerCase() === here.toLowerCase());
    return (fits && walk(i + 1, j + 1)) || (optional && walk(i + 1, j));
  };
  return walk(0, 0);
}

/** The patterns from `routes.json` (an array of strings), or null when the build has none. */
export async function loadRoutePatterns(file: string): Promise<RoutePatterns | null> {
  let patterns: unknown;
  try {
    patterns = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string')) return null;
  const list = patterns as string[];
  return { matches: (pathname) => list.some((pattern) => patternMatches(pattern, pathname)) };
}
