// Initial JS per route, gzip, from the build output (dist/.vite/manifest.json): what a first
// visit to the route downloads before the screen shows, i.e. the entry chunk, the route's lazy
// page chunk, the API services chunk (every page here waits for it) and the signing chunk
// (system_user_info, which the guard calls, is a signed call), each with its static imports.
// Catalogue chunks (JSON, one per namespace and language) and CSS are listed apart.
// Run after `pnpm build`; prints a table and writes bench-results/initial-js.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `pnpm build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const config = JSON.parse(readFileSync(path.join(root, 'bench/routes.json'), 'utf8'));

const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The chunk keys a key loads statically (itself included), depth first. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
}
const keyEnding = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`No chunk for ${suffix} in the manifest`);
  return key;
};
const catalogueKey = (language, namespace) => keyEnding(`locales/${language}/${namespace}.json`);

const services = keyEnding('web/src/services/services.tsx');
const signing = (manifest[services].dynamicImports ?? []).filter((k) => !k.endsWith('.json'));

const rows = config.routes.map(({ route, page, namespaces }) => {
  const keys = new Set(closure('index.html'));
  if (page) for (const k of closure(page)) keys.add(k);
  for (const k of closure(services)) keys.add(k);
  for (const s of signing) for (const k of closure(s)) keys.add(k);
  const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const catalogues = Object.fromEntries(
    ['en', 'zh-CN'].map((language) => [language, ['common', ...namespaces].reduce((sum, ns) => sum + gzip(manifest[catalogueKey(language, ns)].file), 0)]),
  );
  return {
    route,
    jsGzip: js.reduce((sum, f) => sum + gzip(f), 0),
    chunks: js.length,
    cssGzip: css.reduce((sum, f) => sum + gzip(f), 0),
    cataloguesGzip: catalogues,
  };
});

const lazyExtras = (config.lazy ?? []).map(({ name, module }) => {
  const key = keyEnding(module);
  const own = [manifest[key].file, ...(manifest[key].css ?? [])];
  return { name, gzip: own.reduce((sum, f) => sum + gzip(f), 0) };
});

console.log(`${config.app}: initial download per route (gzip, KB)`);
console.log(['route'.padEnd(22), 'JS'.padStart(7), 'chunks'.padStart(7), 'CSS'.padStart(6), 'cat. en'.padStart(8), 'cat. zh'.padStart(8)].join(' '));
for (const r of rows) {
  console.log([r.route.padEnd(22), kb(r.jsGzip).padStart(7), String(r.chunks).padStart(7), kb(r.cssGzip).padStart(6), kb(r.cataloguesGzip.en).padStart(8), kb(r.cataloguesGzip['zh-CN']).padStart(8)].join(' '));
}
for (const extra of lazyExtras) console.log(`lazy ${extra.name}: ${kb(extra.gzip)} KB gzip (not in the initial JS)`);
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(path.join(root, 'bench-results/initial-js.json'), `${JSON.stringify({ app: config.app, routes: rows, lazy: lazyExtras }, null, 2)}\n`);
