import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Rollup } from 'vite';
import { precompress } from './compress.ts';
import { inlineStylesheets, preloadTags, renderDocument, type RenderedPage } from './document.ts';
import { robotsTxt, routePatterns, sitemapXml, type RouteLike } from './site-files.ts';

/** A page to pre-render: its path, the meta catalogue prefix of its head, its page module. */
export interface PrerenderPage {
  readonly path: string;
  /** `meta:<meta>_title` and `meta:<meta>_description` fill the head. */
  readonly meta: string;
  /** Manifest key of the page module: its chunks and styles are preloaded and inlined. */
  readonly module: string;
  /** The not-found page: written like the others, left out of the sitemap. */
  readonly notFound?: boolean;
}

/** What the app's SSR entry (built with `vite build --ssr`) exports. */
export interface PrerenderEntry {
  routes: readonly RouteLike[];
  PRERENDER_PAGES: readonly PrerenderPage[];
  renderRoute(options: {
    routes: readonly RouteLike[];
    basename: string;
    url: string;
    language: string;
  }): Promise<RenderedPage>;
  translate(language: string, key: string): string;
}

export interface PrerenderOptions {
  /** The app's folder (its vite.config.ts, dist/ after `vite build`). */
  root: string;
  /** The SSR entry, relative to root, e.g. 'src/prerender-entry.tsx'. */
  entry: string;
  languages: readonly string[];
  /** The public origin for canonical, hreflang and the sitemap; default http://localhost:8080. */
  siteUrl?: string;
  /** Paths robots.txt disallows. */
  robotsDisallow?: readonly string[];
}

export interface PrerenderResult {
  pages: number;
  routes: number;
  compressed: number;
}

/** Builds the SSR entry into a temporary folder and imports it. */
async function buildEntry(root: string, entry: string, outDir: string): Promise<PrerenderEntry> {
  const result = await build({
    root,
    logLevel: 'warn',
    build: { ssr: entry, outDir, emptyOutDir: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs
    .flatMap((o) => o.output)
    .find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!chunk) throw new Error(`The SSR build of ${entry} produced no entry chunk`);
  return (await import(pathToFileURL(path.join(outDir, chunk.fileName)).href)) as PrerenderEntry;
}

/**
 * Pre-renders an app after `vite build`: an SSR build of `entry`, then every page of its
 * `PRERENDER_PAGES` in every language to `dist/<lang>/<route>/index.html` (head tags from the
 * meta catalogue, the used catalogues embedded, the page's chunks preloaded and its stylesheets
 * inline), plus sitemap.xml, robots.txt, routes.json (the route patterns, for the server's 404s),
 * site.json (the origin used, which the server replaces with its PUBLIC_URL when they differ)
 * and pre-compressed siblings of every text file.
 */
export async function prerenderApp({
  root,
  entry: entryFile,
  languages,
  siteUrl = 'http://localhost:8080',
  robotsDisallow = [],
}: PrerenderOptions): Promise<PrerenderResult> {
  const dist = path.join(root, 'dist');
  const ssrOut = path.join(root, 'dist-ssr');
  const site = siteUrl.replace(/\/+$/, '');
  const urlOf = (route: string) => `${site}${route}`;

  const entry = await buildEntry(root, entryFile, ssrOut);
  try {
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const manifest = JSON.parse(
      readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
    ) as Manifest;
    const readCss = (file: string) => readFileSync(path.join(dist, file), 'utf8');

    let pages = 0;
    for (const language of languages) {
      for (const pageInfo of entry.PRERENDER_PAGES) {
        const page = await entry.renderRoute({
          routes: entry.routes,
          basename: '/',
          url: pageInfo.path,
          language,
        });
        const canonical = urlOf(pageInfo.path);
        // One URL per page: the server chooses the language by cookie or Accept-Language.
        const alternates = Object.fromEntries([
          ...languages.map((l) => [l, canonical]),
          ['x-default', canonical],
        ]);
        const html = inlineStylesheets(
          renderDocument(template, page, {
            title: entry.translate(language, `meta:${pageInfo.meta}_title`),
            description: entry.translate(language, `meta:${pageInfo.meta}_description`),
            canonical,
            alternates,
          }).replace('</head>', `    ${preloadTags(manifest, pageInfo.module)}\n  </head>`),
          readCss,
        );
        const folder = path.join(
          dist,
          language,
          pageInfo.path === '/' ? '' : pageInfo.path.slice(1),
        );
        mkdirSync(folder, { recursive: true });
        writeFileSync(path.join(folder, 'index.html'), html);
        pages += 1;
      }
    }

    const listed = entry.PRERENDER_PAGES.filter((p) => !p.notFound).map((p) => urlOf(p.path));
    writeFileSync(path.join(dist, 'sitemap.xml'), sitemapXml(listed, languages));
    writeFileSync(path.join(dist, 'robots.txt'), robotsTxt(robotsDisallow, `${site}/sitemap.xml`));
    const patterns = routePatterns(entry.routes);
    writeFileSync(path.join(dist, 'routes.json'), `${JSON.stringify(patterns, null, 2)}\n`);
    // The origin written into the pages above: the server swaps it for its PUBLIC_URL.
    writeFileSync(path.join(dist, 'site.json'), `${JSON.stringify({ siteUrl: site })}\n`);
    return { pages, routes: patterns.length, compressed: precompress(dist) };
  } finally {
    rmSync(ssrOut, { recursive: true, force: true });
  }
}
