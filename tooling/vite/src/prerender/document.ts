import type { Manifest } from 'vite';

/** One page rendered by the app's SSR entry (`renderRoute` of `@nimbus/web/prerender`). */
export interface RenderedPage {
  /** The markup for #root. */
  html: string;
  status: number;
  /** The <script> that hands the used catalogues to the client, for the end of <body>. */
  cataloguesScript: string;
  language: string;
}

export interface HeadTags {
  title: string;
  description: string;
  /** Absolute canonical URL of this page in this language. */
  canonical: string;
  /** hreflang alternates: language tag -> absolute URL; include 'x-default'. */
  alternates: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The built index.html with the page inserted: <html lang>, head tags, #root markup, catalogues.
 */
export function renderDocument(template: string, page: RenderedPage, head: HeadTags): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...Object.entries(head.alternates).map(
      ([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}">`,
    ),
  ].join('\n    ');
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace('</head>', `    ${tags}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div>\n    ${page.cataloguesScript}`,
    );
}

/** The manifest keys `key` loads statically, itself included. */
export function staticImports(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  (function walk(next: string) {
    if (seen.has(next) || !manifest[next]) return;
    seen.add(next);
    for (const imported of manifest[next].imports ?? []) walk(imported);
  })(key);
  return seen;
}

/**
 * <link> tags for a page module's chunks and stylesheets that the entry (`index.html`) does not
 * already load, so the page's code arrives with the HTML instead of after the entry ran.
 */
export function preloadTags(manifest: Manifest, moduleKey: string, base = '/'): string {
  const inEntry = staticImports(manifest, 'index.html');
  const tags: string[] = [];
  for (const key of staticImports(manifest, moduleKey)) {
    if (inEntry.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    tags.push(`<link rel="modulepreload" crossorigin href="${base}${chunk.file}">`);
    for (const css of chunk.css ?? [])
      tags.push(`<link rel="stylesheet" crossorigin href="${base}${css}">`);
  }
  return tags.join('\n    ');
}

/**
 * The page's stylesheets inlined (a few KB each): the first paint waits for no request after the
 * HTML. Each keeps a disabled <link> to its file, which the browser does not fetch and which
 * tells Vite's loader the sheet is already in the page (it would otherwise add it again when
 * the page's chunk is imported).
 */
export function inlineStylesheets(
  html: string,
  readCss: (file: string) => string,
  base = '/',
): string {
  const escapedBase = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sheet = new RegExp(
    `<link rel="stylesheet" crossorigin href="${escapedBase}([^"]+\\.css)">`,
    'g',
  );
  return html.replace(sheet, (_, file: string) => {
    const css = readCss(file).replaceAll('</style', '<\\/style');
    return `<style>${css.trim()}</style><link rel="stylesheet" crossorigin href="${base}${file}" disabled>`;
  });
}
