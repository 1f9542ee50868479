// Benchmarks of the built marketing site (run `pnpm build` first; turbo's bench task does), with
// @nimbus/bench-kit:
// 1. initial JS and CSS (gzip) of every pre-rendered page and of /crypto-pay: the entry chunk
//    and its static imports, and the page's chunk with its own. What a page loads later on its
//    own (the API services chunk after first paint, pricing's order summary once the plans
//    show, the payment-result dialog, the phone drawer, the wallet code) is listed apart.
//    Targets: / at most 120 KB, every public route at most 150 KB, /crypto-pay at most 200 KB.
// 2. Lighthouse (mobile, simulated throttling) of every public route against the built server, in
//    Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), RUNS times each (interleaved),
//    reported as medians. Targets: performance 95+ and accessibility, best practices, SEO 100
//    on every route; total blocking time on /pricing under 150 ms.
// 3. the runtime in the built chunks: react-dom's renderer, no Preact.
// Prints all with the targets as PASS/FAIL lines, writes bench-results/bench.json and the
// `frontend-marketing` section of docs/benchmarks.md, with the machine's load average.
// Options: --no-lighthouse, --routes=/,/pricing (Lighthouse only these), --languages=en,zh-CN
// (the server picks the language by cookie or Accept-Language at the same URL; default both),
// --runs=5 (Lighthouse runs per route and language; default 5).
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildRuntime,
  categoriesBelow,
  fileSizes,
  findKey,
  initialSizes,
  kb,
  listArgument,
  markdownTable,
  readManifest,
  runLighthouse,
  sizeRows,
  staticClosure,
  writeBenchSection,
  writeResults,
} from '@nimbus/bench-kit';

const HOME_JS_KB = 120;
const ROUTE_JS_KB = 150;
const CRYPTO_JS_KB = 200;
const PERFORMANCE_TARGET = 95;
const PRICING_TBT_MS = 150;

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const { PRERENDER_PAGES } = await import(path.join(root, 'src/prerender-pages.ts'));

const loadNow = () => loadavg()[0].toFixed(1);
const load = { sizes: loadNow() };
const CRYPTO = { route: '/crypto-pay', page: 'src/pages/crypto/CryptoPayPage.tsx' };
const sizes = initialSizes({
  dist,
  routes: [...PRERENDER_PAGES.map((page) => ({ route: page.path, page: page.module })), CRYPTO],
});
// What a page loads later, on its own: the chunk with its static imports that the page it
// appears on has not loaded yet (JS and CSS, gzip).
const manifest = readManifest(dist);
const PRICING = 'src/pages/pricing/PricingPage.tsx';
const SUMMARY = 'src/pages/pricing/OrderSummary.tsx';
const LATER = [
  ['API services chunk (SDK, after first paint)', 'web/src/services/services.tsx', []],
  ['pricing order summary (once the plans show)', SUMMARY, [PRICING]],
  [
    'payment-result dialog (after a checkout)',
    'pricing/PaymentResultDialog.tsx',
    [PRICING, SUMMARY],
  ],
  ['phone menu drawer (on the menu button)', 'ui/src/Header/HeaderDrawer.tsx', []],
  ['wallet code (wagmi, viem; on connect)', 'src/pages/crypto/wallet.ts', [CRYPTO.page]],
];
const later = LATER.map(([name, key, on]) => {
  const loaded = staticClosure(manifest, ['index.html', ...on.map((k) => findKey(manifest, k))]);
  const own = [...staticClosure(manifest, [findKey(manifest, key)])].filter((k) => !loaded.has(k));
  const files = own.flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]);
  return {
    name,
    gzip: files.reduce((sum, file) => sum + fileSizes(path.join(dist, file)).gzip, 0),
  };
});
const rows = sizeRows(sizes.routes);
console.log(
  `marketing: initial JS and CSS per page (gzip, KB); shared entry ${kb(sizes.shared.js.gzip)} KB JS + ${kb(sizes.shared.css.gzip)} KB CSS`,
);
console.table(rows);
for (const { file, gzip } of sizes.shared.files) console.log(`  entry ${file}: ${kb(gzip)} KB`);
for (const { name, gzip } of later) console.log(`  later: ${name} ${kb(gzip)} KB`);

const targets = [];
// One runtime everywhere: the production build ships React DOM, no Preact.
const runtime = buildRuntime(dist);
targets.push({
  target: 'the build ships react-dom and no Preact',
  measured: `react-dom ${runtime.reactDom ?? 'missing'}${runtime.preactFiles.length ? `; Preact in ${runtime.preactFiles.join(', ')}` : ''}`,
  pass: runtime.reactDom !== null && runtime.preactFiles.length === 0,
});
const jsOf = (route) => kb(sizes.routes.find((r) => r.route === route).js.gzip);
targets.push({
  target: `initial JS on / <= ${HOME_JS_KB} KB gzip`,
  measured: `${jsOf('/')} KB`,
  pass: jsOf('/') <= HOME_JS_KB,
});
const publicRoutes = PRERENDER_PAGES.filter((page) => !('notFound' in page && page.notFound)).map(
  (page) => page.path,
);
const overRoute = publicRoutes.filter((route) => jsOf(route) > ROUTE_JS_KB);
targets.push({
  target: `initial JS of every public page <= ${ROUTE_JS_KB} KB gzip`,
  measured: overRoute.length
    ? `over: ${overRoute.map((route) => `${route} ${jsOf(route)} KB`).join(', ')}`
    : 'all met',
  pass: overRoute.length === 0,
});
targets.push({
  target: `initial JS on /crypto-pay <= ${CRYPTO_JS_KB} KB gzip`,
  measured: `${jsOf(CRYPTO.route)} KB`,
  pass: jsOf(CRYPTO.route) <= CRYPTO_JS_KB,
});

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

let medians = [];
let runs = 0;
let languages = [];
if (process.argv.includes('--no-lighthouse')) {
  console.log('Lighthouse skipped (--no-lighthouse)');
} else {
  const routes = listArgument('routes') ?? publicRoutes;
  languages = listArgument('languages') ?? ['en', 'zh-CN'];
  runs = Number(listArgument('runs')?.[0] ?? 5);
  console.log(
    `Lighthouse (mobile) of ${routes.length} routes in ${languages.join(', ')}, ${runs} runs each...`,
  );
  load.lighthouseBefore = loadNow();
  // Interleaved (every route once, then again), so a burst of load hits no route alone.
  const all = await runLighthouse({
    routes: Array.from({ length: runs }, () => routes).flat(),
    languages,
    onResult: (row) =>
      console.log(
        `  ${row.route} [${row.language}]: ${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo} TBT ${row.tbtMs} ms${row.error ? `  ${row.error}` : ''}`,
      ),
  });
  load.lighthouseAfter = loadNow();
  medians = languages.flatMap((language) =>
    routes.map((route) => {
      const of = all.filter((r) => r.route === route && r.language === language);
      const m = (key) => median(of.map((r) => r[key]));
      return {
        route,
        language,
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        fcpMs: m('fcpMs'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        cls: m('cls'),
        performanceRange: `${Math.min(...of.map((r) => r.performance))}-${Math.max(...of.map((r) => r.performance))}`,
        failedRuns: of.filter((r) => r.error).length,
      };
    }),
  );
  console.log(`Lighthouse medians of ${runs} runs (mobile, simulated throttling):`);
  console.table(medians);
  const below = medians.flatMap((row) =>
    [
      ...categoriesBelow(
        { ...row, accessibility: 100, bestPractices: 100, seo: 100 },
        PERFORMANCE_TARGET,
      ),
      ...categoriesBelow({ ...row, performance: 100 }, 100),
    ].map((c) => `${row.route} [${row.language}] ${c}`),
  );
  targets.push({
    target: `Lighthouse mobile median: performance >= ${PERFORMANCE_TARGET}, accessibility, best practices and SEO 100, on ${medians.length} route × language`,
    measured: below.length ? `below: ${below.join('; ')}` : 'all met',
    pass: below.length === 0,
  });
  const pricing = medians.filter((row) => row.route === '/pricing');
  if (pricing.length) {
    const worst = Math.max(...pricing.map((row) => row.tbtMs));
    targets.push({
      target: `total blocking time on /pricing < ${PRICING_TBT_MS} ms (median)`,
      measured: pricing.map((row) => `${row.tbtMs} ms [${row.language}]`).join(', '),
      pass: worst < PRICING_TBT_MS,
    });
  }
}

for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
writeResults(root, 'bench', {
  load,
  shared: sizes.shared,
  routes: sizes.routes,
  later,
  lighthouse: medians,
  targets,
});

const lighthouseTable = medians.length
  ? markdownTable(
      medians.map((r) => ({
        route: r.route,
        language: r.language,
        performance: r.performance,
        'performance range': r.performanceRange,
        accessibility: r.accessibility,
        'best practices': r.bestPractices,
        SEO: r.seo,
        'FCP ms': r.fcpMs,
        'LCP ms': r.lcpMs,
        'TBT ms': r.tbtMs,
        CLS: r.cls,
        ...(medians.some((s) => s.failedRuns) ? { 'failed runs': r.failedRuns } : {}),
      })),
    )
  : 'Lighthouse not run (--no-lighthouse).';
writeBenchSection(
  'frontend-marketing',
  [
    `Initial JS and CSS per page (gzip, KB), 1-minute load average ${load.sizes} (sizes do not depend on it): the entry chunk with its static imports (${kb(sizes.shared.js.gzip)} KB JS, ${kb(sizes.shared.css.gzip)} KB CSS) and the page's chunk with its own ("page JS"). Loaded later, on their own, and not counted: ${later.map(({ name, gzip }) => `${name} ${kb(gzip)} KB`).join('; ')}.`,
    '',
    markdownTable(rows),
    '',
    medians.length
      ? `Lighthouse 13, mobile (simulated slow 4G, 4× CPU slowdown), Debian Chromium, against the built server (\`startServer\`): median of ${runs} interleaved runs per route and language; 1-minute load average ${load.lighthouseBefore} before, ${load.lighthouseAfter} after (other work on the machine inflates TBT and lowers performance):`
      : '',
    '',
    lighthouseTable,
    '',
    'Targets:',
    '',
    ...targets.map((t) => `- ${t.pass ? 'PASS' : 'FAIL'} ${t.target}: ${t.measured}`),
  ].join('\n'),
);
