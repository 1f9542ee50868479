import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileSizes, kb } from './gzip.ts';

/** One entry of Vite's build manifest (`build.manifest: true`, dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the app first (\`pnpm build\`).`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The manifest key that is `keyOrEnding`, else the one key ending with it; throws when none or
 * several match.
 */
export function findKey(manifest: Manifest, keyOrEnding: string): string {
  if (manifest[keyOrEnding]) return keyOrEnding;
  const matches = Object.keys(manifest).filter((key) => key.endsWith(keyOrEnding));
  if (matches.length !== 1)
    throw new Error(
      `${matches.length === 0 ? 'No' : 'More than one'} manifest key ends with "${keyOrEnding}"${matches.length ? `: ${matches.join(', ')}` : ''}`,
    );
  return matches[0] as string;
}

/**
 * The keys `keys` load statically (themselves included): what the browser fetches before they run.
 */
export function staticClosure(
  manifest: Manifest,
  keys: Iterable<string>,
  seen = new Set<string>(),
): Set<string> {
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

export interface RouteInput {
  route: string;
  /**
   * Manifest key (or key ending) of the route's lazy page module(s), e.g.
   * `src/pages/home/HomePage.tsx`.
   */
  page?: string | readonly string[];
  /** Catalogue namespaces of the route besides `common` (with the `catalogues` option). */
  namespaces?: readonly string[];
}

export interface InitialSizeOptions {
  /** The build output folder holding `.vite/manifest.json`. */
  dist: string;
  routes: readonly RouteInput[];
  /** The entry's manifest key; default the one chunk marked `isEntry`. */
  entry?: string;
  /**
   * Chunks every route loads before it shows (key or key ending), e.g. the API services chunk
   * and the request-signing chunk that the guard's first call needs; counted with their imports.
   */
  always?: readonly string[];
  /**
   * Catalogue chunks (`locales/<language>/<namespace>.json`) to size per route, in these languages.
   */
  catalogueLanguages?: readonly string[];
}

export interface Sizes {
  raw: number;
  gzip: number;
}

export interface RouteSizes {
  route: string;
  /** JS: the entry closure, the declared always-loaded chunks and the page's closure. */
  js: Sizes;
  /** The route's share of `js` that the entry and always-loaded chunks do not already hold. */
  pageJs: Sizes;
  /** CSS files of those chunks. */
  css: Sizes;
  jsFiles: number;
  cssFiles: number;
  /** Gzip bytes of `common` + the route's namespaces, per language (with `catalogueLanguages`). */
  catalogues?: Record<string, number>;
}

export interface InitialSizes {
  /** The entry and always-loaded chunks alone (what every route pays). */
  shared: { js: Sizes; css: Sizes; files: { file: string; gzip: number }[] };
  routes: RouteSizes[];
}

/**
 * Initial JS and CSS per route from a Vite build manifest: the entry's static closure, the
 * declared always-loaded chunks' closures and the route's page chunk closure, each file once;
 * the CSS files those chunks carry. Gzip at level 9.
 */
export function initialSizes({
  dist,
  routes,
  entry,
  always = [],
  catalogueLanguages = [],
}: InitialSizeOptions): InitialSizes {
  const manifest = readManifest(dist);
  const cache = new Map<string, Sizes>();
  const sizeOf = (file: string): Sizes => {
    let sizes = cache.get(file);
    if (!sizes) cache.set(file, (sizes = fileSizes(path.join(dist, file))));
    return sizes;
  };
  const sum = (files: Iterable<string>): Sizes => {
    const total = { raw: 0, gzip: 0 };
    for (const file of files) {
      const s = sizeOf(file);
      total.raw += s.raw;
      total.gzip += s.gzip;
    }
    return total;
  };
  const filesOf = (keys: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key] as ManifestChunk;
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      else if (chunk.file.endsWith('.css')) css.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
    }
    return { js, css };
  };

  const entryKey = entry ?? Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const sharedKeys = staticClosure(manifest, [
    entryKey,
    ...always.map((k) => findKey(manifest, k)),
  ]);
  const shared = filesOf(sharedKeys);

  const rows = routes.map(({ route, page, namespaces = [] }): RouteSizes => {
    const pages = page === undefined ? [] : typeof page === 'string' ? [page] : page;
    const keys = staticClosure(
      manifest,
      pages.map((p) => findKey(manifest, p)),
      new Set(sharedKeys),
    );
    const { js, css } = filesOf(keys);
    const row: RouteSizes = {
      route,
      js: sum(js),
      pageJs: sum([...js].filter((file) => !shared.js.has(file))),
      css: sum(css),
      jsFiles: js.size,
      cssFiles: css.size,
    };
    if (catalogueLanguages.length) {
      row.catalogues = Object.fromEntries(
        catalogueLanguages.map((language) => [
          language,
          ['common', ...namespaces].reduce(
            (total, ns) =>
              total +
              sizeOf(
                (manifest[findKey(manifest, `locales/${language}/${ns}.json`)] as ManifestChunk)
                  .file,
              ).gzip,
            0,
          ),
        ]),
      );
    }
    return row;
  });
  return {
    shared: {
      js: sum(shared.js),
      css: sum(shared.css),
      files: [...shared.js, ...shared.css].map((file) => ({ file, gzip: sizeOf(file).gzip })),
    },
    routes: rows,
  };
}

/** Gzip bytes of a lazy chunk loaded after first paint (its own JS and CSS, not its imports). */
export function lazyChunkSize(dist: string, keyOrEnding: string): Sizes {
  const manifest = readManifest(dist);
  const chunk = manifest[findKey(manifest, keyOrEnding)] as ManifestChunk;
  const total = { raw: 0, gzip: 0 };
  for (const file of [chunk.file, ...(chunk.css ?? [])]) {
    const s = fileSizes(path.join(dist, file));
    total.raw += s.raw;
    total.gzip += s.gzip;
  }
  return total;
}

/** Table rows (KB, one decimal) of route sizes, for `console.table` and `markdownTable`. */
export function sizeRows(routes: readonly RouteSizes[]): Record<string, string | number>[] {
  return routes.map((r) => ({
    route: r.route,
    'JS KB': kb(r.js.gzip),
    'page JS KB': kb(r.pageJs.gzip),
    'JS files': r.jsFiles,
    'CSS KB': kb(r.css.gzip),
    'CSS files': r.cssFiles,
    ...Object.fromEntries(
      Object.entries(r.catalogues ?? {}).map(([language, bytes]) => [
        `catalogues ${language} KB`,
        kb(bytes),
      ]),
    ),
  }));
}
