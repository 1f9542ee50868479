// Benchmarks of the built marketing site (run `pnpm build` first; turbo's bench task does), with
// @nimbus/bench-kit:
// 1. initial JS and CSS (gzip) of every pre-rendered page: the entry chunk and its static imports,
//    and the page's chunk with its own; the API services chunk loads after first paint and is
//    listed apart. Target: 100 KB gzip of JS on /.
// 2. Lighthouse (mobile, simulated throttling) of every public route against the built server, in
//    Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Target: 95+ in each category.
// 3. the runtime in the built chunks: react-dom's renderer, no Preact.
// Prints both with the targets as PASS/FAIL lines, writes bench-results/bench.json and the
// `frontend-marketing` section of docs/benchmarks.md.
// Options: --no-lighthouse, --routes=/,/pricing (Lighthouse only these), --languages=en,zh-CN
// (the server picks the language by cookie or Accept-Language at the same URL; default en).
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildRuntime,
  categoriesBelow,
  initialSizes,
  kb,
  lazyChunkSize,
  listArgument,
  markdownTable,
  runLighthouse,
  sizeRows,
  writeBenchSection,
  writeResults,
} from '@nimbus/bench-kit';

const JS_TARGET_KB = 100;
const SCORE_TARGET = 95;

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const { PRERENDER_PAGES } = await import(path.join(root, 'src/prerender-pages.ts'));

const sizes = initialSizes({
  dist,
  routes: PRERENDER_PAGES.map((page) => ({ route: page.path, page: page.module })),
});
const services = lazyChunkSize(dist, 'web/src/services/services.tsx');
const rows = sizeRows(sizes.routes);
console.log(
  `marketing: initial JS and CSS per pre-rendered page (gzip, KB); shared entry ${kb(sizes.shared.js.gzip)} KB JS + ${kb(sizes.shared.css.gzip)} KB CSS`,
);
console.table(rows);
for (const { file, gzip } of sizes.shared.files) console.log(`  entry ${file}: ${kb(gzip)} KB`);
console.log(`  after first paint: services chunk (SDK + TanStack Query) ${kb(services.gzip)} KB`);

const home = sizes.routes.find((r) => r.route === '/');
const targets = [];
// One runtime everywhere: the production build ships React DOM, no Preact.
const runtime = buildRuntime(dist);
targets.push({
  target: 'the build ships react-dom and no Preact',
  measured: `react-dom ${runtime.reactDom ?? 'missing'}${runtime.preactFiles.length ? `; Preact in ${runtime.preactFiles.join(', ')}` : ''}`,
  pass: runtime.reactDom !== null && runtime.preactFiles.length === 0,
});
targets.push({
  target: `initial JS on / <= ${JS_TARGET_KB} KB gzip`,
  measured: `${kb(home.js.gzip)} KB`,
  pass: kb(home.js.gzip) <= JS_TARGET_KB,
});

let scores = [];
/**
 * 1-minute load average before and after Lighthouse: TBT and performance rise when other work
 * shares the CPU.
 */
const load = [];
if (process.argv.includes('--no-lighthouse')) {
  console.log('Lighthouse skipped (--no-lighthouse)');
} else {
  const publicRoutes = PRERENDER_PAGES.filter((page) => !('notFound' in page && page.notFound)).map(
    (page) => page.path,
  );
  const routes = listArgument('routes') ?? publicRoutes;
  const languages = listArgument('languages') ?? ['en'];
  console.log(`Lighthouse (mobile) of ${routes.length} routes in ${languages.join(', ')}...`);
  load.push(loadavg()[0]);
  scores = await runLighthouse({
    routes,
    languages,
    onResult: (row) =>
      console.log(
        `  ${row.route} [${row.language}]: ${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo}${row.error ? `  ${row.error}` : ''}`,
      ),
  });
  load.push(loadavg()[0]);
  console.log(`Lighthouse (mobile, simulated throttling); target ${SCORE_TARGET}+ each:`);
  console.table(scores.map(({ formFactor: _f, ...row }) => row));
  const below = scores.flatMap((row) =>
    categoriesBelow(row, SCORE_TARGET).map(
      (c) => `${row.route}${languages.length > 1 ? ` [${row.language}]` : ''} ${c}`,
    ),
  );
  targets.push({
    target: `Lighthouse mobile >= ${SCORE_TARGET} in every category on ${scores.length} runs`,
    measured: below.length ? `below: ${below.join('; ')}` : 'all met',
    pass: below.length === 0,
  });
}

for (const t of targets) console.log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
writeResults(root, 'bench', {
  shared: sizes.shared,
  routes: sizes.routes,
  servicesAfterFirstPaint: services,
  lighthouse: scores,
  targets,
});

const lighthouseTable = scores.length
  ? markdownTable(
      scores.map((r) => ({
        route: r.route,
        ...(new Set(scores.map((s) => s.language)).size > 1 ? { language: r.language } : {}),
        performance: r.performance,
        accessibility: r.accessibility,
        'best practices': r.bestPractices,
        SEO: r.seo,
        'FCP ms': r.fcpMs,
        'LCP ms': r.lcpMs,
        'TBT ms': r.tbtMs,
        CLS: r.cls,
        ...(scores.some((s) => s.error) ? { error: r.error ?? '' } : {}),
      })),
    )
  : 'Lighthouse not run (--no-lighthouse).';
writeBenchSection(
  'frontend-marketing',
  [
    `Initial JS and CSS per pre-rendered page (gzip, KB): the entry chunk with its static imports (${kb(sizes.shared.js.gzip)} KB JS, ${kb(sizes.shared.css.gzip)} KB CSS) and the page's chunk with its own ("page JS"). The services chunk (SDK + TanStack Query, ${kb(services.gzip)} KB) loads after first paint and is not counted.`,
    '',
    markdownTable(rows),
    '',
    `Lighthouse 13, mobile (simulated slow 4G, 4× CPU slowdown), Debian Chromium, against the built server (\`startServer\`), one run per route${load.length ? `; 1-minute load average ${load.map((l) => l.toFixed(1)).join(' before, ')} after (other work on the machine inflates TBT and lowers performance)` : ''}:`,
    '',
    lighthouseTable,
    '',
    'Targets:',
    '',
    ...targets.map((t) => `- ${t.pass ? 'PASS' : 'FAIL'} ${t.target}: ${t.measured}`),
  ].join('\n'),
);
