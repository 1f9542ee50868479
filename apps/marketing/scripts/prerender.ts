// Pre-renders the public pages in en and zh-CN after `vite build` (see @nimbus/vite-config's
// prerenderApp): dist/<lang>/<route>/index.html, sitemap.xml, robots.txt, routes.json and the
// pre-compressed siblings. SITE_URL (default http://localhost:8080) is the public origin for
// canonical, hreflang and the sitemap.
import { fileURLToPath } from 'node:url';
import { prerenderApp } from '@nimbus/vite-config/prerender';

const languages = ['en', 'zh-CN'];
const result = await prerenderApp({
  root: fileURLToPath(new URL('..', import.meta.url)),
  entry: 'src/prerender-entry.tsx',
  languages,
  siteUrl: process.env.SITE_URL,
  robotsDisallow: ['/user', '/crypto-pay/', '/purchased', '/loading'],
});
console.log(
  `prerendered ${result.pages} pages in ${languages.join(', ')}; sitemap.xml, robots.txt and routes.json (${result.routes} routes) written; ${result.compressed} files pre-compressed (br, gz)`,
);
