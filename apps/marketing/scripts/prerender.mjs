// Pre-renders the public pages in en and zh-CN after `vite build`: an SSR build of
// src/prerender-entry.tsx, then each page rendered into the built index.html, plus sitemap.xml
// and robots.txt. SITE_URL (default http://localhost:8080) is the public origin for canonical,
// hreflang and the sitemap.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'dist-ssr');
const site = (process.env.SITE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const LANGUAGES = ['en', 'zh-CN'];

rmSync(ssrOut, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--ssr',
    'src/prerender-entry.tsx',
    '--outDir',
    'dist-ssr',
    '--logLevel',
    'warn',
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

const entry = await import(pathToFileURL(path.join(ssrOut, 'prerender-entry.js')).href);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const inEntry = new Set();
(function walk(key) {
  if (inEntry.has(key)) return;
  inEntry.add(key);
  for (const next of manifest[key]?.imports ?? []) walk(next);
})('index.html');

/** <link> tags for a page module's chunks and styles that the entry does not already load. */
function preloadTags(moduleKey) {
  const seen = new Set();
  const tags = [];
  (function walk(key) {
    if (seen.has(key) || inEntry.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? [])
      tags.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    for (const next of chunk.imports ?? []) walk(next);
  })(moduleKey);
  return tags.join('\n    ');
}
/**
 * The page's stylesheets inlined (a few KB each): the first paint waits for no request after the
 * HTML. Each keeps a disabled <link> to its file, which the browser does not fetch and which
 * tells Vite's loader the sheet is already in the page (it would otherwise add it again when
 * the page's chunk is imported).
 */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, file) => {
    const css = readFileSync(path.join(dist, file), 'utf8').replaceAll('</style', '<\\/style');
    return `<style>${css.trim()}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}
const urlOf = (route) => `${site}${route === '/' ? '/' : route}`;
let count = 0;

for (const language of LANGUAGES) {
  for (const pageInfo of entry.PRERENDER_PAGES) {
    const page = await entry.renderRoute({
      routes: entry.routes,
      basename: '/',
      url: pageInfo.path,
      language,
    });
    const title = entry.translate(language, `meta:${pageInfo.meta}_title`);
    const description = entry.translate(language, `meta:${pageInfo.meta}_description`);
    const canonical = urlOf(pageInfo.path);
    // One URL per page: the server chooses the language by cookie or Accept-Language.
    const alternates = Object.fromEntries([
      ...LANGUAGES.map((l) => [l, canonical]),
      ['x-default', canonical],
    ]);
    const html = inlineStylesheets(
      entry
        .renderDocument(template, page, { title, description, canonical, alternates })
        .replace('</head>', `    ${preloadTags(pageInfo.module)}\n  </head>`),
    );
    const folder = path.join(dist, language, pageInfo.path === '/' ? '' : pageInfo.path.slice(1));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), html);
    count += 1;
  }
}

const pages = entry.PRERENDER_PAGES.filter((p) => !p.notFound);
writeFileSync(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${pages
    .map(
      (p) =>
        `  <url><loc>${urlOf(p.path)}</loc>${LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${urlOf(p.path)}"/>`).join('')}</url>`,
    )
    .join('\n')}\n</urlset>\n`,
);
writeFileSync(
  path.join(dist, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /user\nDisallow: /crypto-pay/\nDisallow: /purchased\nDisallow: /loading\n\nSitemap: ${site}/sitemap.xml\n`,
);
// The client routes, flattened to full path patterns: the server answers any other path with
// the not-found page and status 404 (instead of index.html with 200).
const patterns = [];
(function flatten(list, parent) {
  for (const route of list) {
    const full = route.path?.startsWith('/')
      ? route.path
      : `${parent.replace(/\/$/, '')}/${route.path ?? ''}`;
    const here = route.index ? parent : full;
    if (route.children) flatten(route.children, here);
    else if (!here.split('/').includes('*'))
      patterns.push(here === '' ? '/' : here.replace(/\/$/, '') || '/');
  }
})(entry.routes, '/');
writeFileSync(
  path.join(dist, 'routes.json'),
  `${JSON.stringify([...new Set(patterns)], null, 2)}\n`,
);

rmSync(ssrOut, { recursive: true, force: true });

// Pre-compressed siblings (.br, .gz): the server sends them as they are, so no CPU per request
// and the best compression (brotli 11) for the immutable assets and pages.
let compressed = 0;
(function compressAll(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') compressAll(file);
      continue;
    }
    // Pages too: the server's cache rule looks at the name without .br/.gz, so they are still
    // revalidated.
    if (!/\.(js|css|svg|xml|txt|json|html)$/.test(name)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    compressed += 1;
  }
})(dist);
console.log(
  `prerendered ${count} pages in ${LANGUAGES.join(', ')}; sitemap.xml, robots.txt and routes.json (${patterns.length} routes) written; ${compressed} files pre-compressed (br, gz)`,
);
