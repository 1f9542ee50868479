// Benchmarks of the built marketing site (run `pnpm build` first; turbo's bench task does):
// 1. the gzip size of the JS each pre-rendered page needs before interaction (the entry chunk,
//    its static imports, and the page's chunk), from the build manifest;
// 2. Lighthouse mobile scores of /, /pricing, /download and /faq against the built server, in
//    Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Target: 95+ each.
// Writes bench-results/bench.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '@nimbus/e2e-kit';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const { PRERENDER_PAGES } = await import(path.join(root, 'src/prerender-pages.ts'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
}

const entry = closure('index.html');
const entryBytes = [...entry].reduce((sum, key) => sum + gz(manifest[key].file), 0);
const sizes = [];
for (const page of PRERENDER_PAGES) {
  const keys = closure(page.module, new Set(entry));
  const bytes = [...keys].reduce((sum, key) => sum + gz(manifest[key].file), 0);
  sizes.push({ route: page.path, jsGzipKB: +(bytes / 1024).toFixed(1), pageOnlyKB: +((bytes - entryBytes) / 1024).toFixed(1) });
}
console.log(`initial JS (gzip) — entry (React, router, i18n, shell): ${(entryBytes / 1024).toFixed(1)} KB; target for /: 100 KB`);
console.table(sizes);
for (const key of entry) console.log(`  entry chunk ${manifest[key].file}: ${(gz(manifest[key].file) / 1024).toFixed(1)} KB`);

const scores = [];
if (process.argv.includes('--no-lighthouse')) {
  console.log('Lighthouse skipped (--no-lighthouse)');
} else {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const only = process.argv.find((a) => a.startsWith('--routes='))?.slice('--routes='.length).split(',');
    for (const route of only ?? ['/', '/pricing', '/download', '/faq']) {
      const result = await lighthouse(`${server.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const c = result.lhr.categories;
      const audits = result.lhr.audits;
      if (result.lhr.runtimeError) console.log(`${route}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const num = (id, digits = 0) => +(audits[id]?.numericValue ?? Number.NaN).toFixed(digits);
      scores.push({
        route,
        performance: Math.round((c.performance.score ?? Number.NaN) * 100),
        accessibility: Math.round((c.accessibility.score ?? Number.NaN) * 100),
        bestPractices: Math.round((c['best-practices'].score ?? Number.NaN) * 100),
        seo: Math.round((c.seo.score ?? Number.NaN) * 100),
        fcpMs: num('first-contentful-paint'),
        lcpMs: num('largest-contentful-paint'),
        tbtMs: num('total-blocking-time'),
        cls: num('cumulative-layout-shift', 3),
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('Lighthouse (mobile, simulated throttling); target 95+ each:');
  console.table(scores);
}
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(path.join(root, 'bench-results/bench.json'), `${JSON.stringify({ entryGzipKB: +(entryBytes / 1024).toFixed(1), sizes, lighthouse: scores }, null, 2)}\n`);
