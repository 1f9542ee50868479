import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server.ts';

/**
 * The route paths an app's routes module declares (`path: '...'`; relative paths made absolute,
 * an index route as '/'), sorted: specs that visit every route compare their list with it, so a
 * new route without a visit fails.
 */
export function routerPaths(routesFile: URL): string[] {
  const source = readFileSync(routesFile, 'utf8');
  const paths = new Set<string>();
  for (const match of source.matchAll(/path:\s*'([^']+)'/g)) {
    const route = match[1] as string;
    paths.add(route === '*' || route.startsWith('/') ? route : `/${route}`);
  }
  if (/index:\s*true/.test(source)) paths.add('/');
  return [...paths].sort();
}

/**
 * A text of the catalogues (packages/i18n/locales), `namespace:key` with `{{var}}` filled, to find
 * controls in either language.
 */
export function catalogueText(
  language: string,
  key: string,
  vars: Record<string, string> = {},
): string {
  const [namespace, name] = key.split(':') as [string, string];
  const file = path.join(REPO_ROOT, 'packages/i18n/locales', language, `${namespace}.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const value = catalogue[name];
  if (value === undefined) throw new Error(`no ${key} in the ${language} catalogue`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? '');
}
