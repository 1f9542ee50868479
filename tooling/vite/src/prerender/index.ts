/**
 * @nimbus/vite-config/prerender: the build-time pipeline that turns an app's SSR entry into
 * pre-rendered pages, and the pieces it is made of.
 */
export {
  prerenderApp,
  type PrerenderEntry,
  type PrerenderOptions,
  type PrerenderPage,
  type PrerenderResult,
} from './prerender-app.ts';
export {
  inlineStylesheets,
  preloadTags,
  renderDocument,
  staticImports,
  type HeadTags,
  type RenderedPage,
} from './document.ts';
export { robotsTxt, routePatterns, sitemapXml, type RouteLike } from './site-files.ts';
export { precompress } from './compress.ts';
