/** A route as the apps declare them (`WebRoute`): a path relative to its parent, or an index. */
export interface RouteLike {
  readonly path?: string;
  readonly index?: boolean;
  readonly children?: readonly RouteLike[];
}

/**
 * The routes flattened to full path patterns (`/crypto-pay/:productId`), without catch-alls: the
 * server answers any other path with the not-found page and status 404.
 */
export function routePatterns(routes: readonly RouteLike[]): string[] {
  const patterns: string[] = [];
  (function flatten(list: readonly RouteLike[], parent: string) {
    for (const route of list) {
      const full = route.path?.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path ?? ''}`;
      const here = route.index ? parent : full;
      if (route.children) flatten(route.children, here);
      else if (!here.split('/').includes('*'))
        patterns.push(here === '' ? '/' : here.replace(/\/$/, '') || '/');
    }
  })(routes, '/');
  return [...new Set(patterns)];
}

/**
 * sitemap.xml: one URL per page, each with its alternates in every language (the server picks
 * the language at the same URL).
 */
export function sitemapXml(urls: readonly string[], languages: readonly string[]): string {
  const entries = urls.map(
    (url) =>
      `  <url><loc>${url}</loc>${languages
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url}"/>`)
        .join('')}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything allowed but `disallow`, and where the sitemap is. */
export function robotsTxt(disallow: readonly string[], sitemapUrl: string): string {
  return `User-agent: *\nAllow: /\n${disallow.map((p) => `Disallow: ${p}\n`).join('')}\nSitemap: ${sitemapUrl}\n`;
}
