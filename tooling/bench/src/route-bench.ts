import { readFileSync } from 'node:fs';
import path from 'node:path';
import { kb } from './gzip.ts';
import {
  initialSizes,
  lazyChunkSize,
  sizeRows,
  type InitialSizes,
  type RouteInput,
} from './manifest.ts';
import { markdownTable, writeBenchSection, writeResults } from './report.ts';

/** `bench/routes.json` of an app. */
export interface RoutesFile {
  app: string;
  /** Chunks every route waits for (key endings), e.g. the services chunk and the signing chunk. */
  always?: string[];
  routes: RouteInput[];
  /** Chunks loaded later on demand, sized on their own (`{ name, module }`). */
  lazy?: { name: string; module: string }[];
}

export interface RouteBenchResult extends InitialSizes {
  app: string;
  lazy: { name: string; gzip: number }[];
}

const LANGUAGES = ['en', 'zh-CN'];

/**
 * The size bench of an app without pre-rendered pages (account, affiliate): initial JS and CSS
 * per route of `bench/routes.json` from `dist/`, with the catalogues each route loads; prints a
 * table, writes `bench-results/initial-js.json` and the docs/benchmarks.md section `section`.
 */
export function benchRoutes(packageRoot: string, section: string): RouteBenchResult {
  const config = JSON.parse(
    readFileSync(path.join(packageRoot, 'bench/routes.json'), 'utf8'),
  ) as RoutesFile;
  const dist = path.join(packageRoot, 'dist');
  const sizes = initialSizes({
    dist,
    routes: config.routes,
    always: config.always ?? [],
    catalogueLanguages: LANGUAGES,
  });
  const lazy = (config.lazy ?? []).map(({ name, module }) => ({
    name,
    gzip: lazyChunkSize(dist, module).gzip,
  }));
  const rows = sizeRows(sizes.routes);
  const shared = `the entry${config.always?.length ? ` and the chunks every route waits for (${config.always.join(', ')})` : ''}, each with its static imports: ${kb(sizes.shared.js.gzip)} KB JS, ${kb(sizes.shared.css.gzip)} KB CSS`;
  console.log(`${config.app}: initial download per route (gzip, KB); shared: ${shared}`);
  console.table(rows);
  for (const extra of lazy)
    console.log(`lazy ${extra.name}: ${kb(extra.gzip)} KB gzip (not in the initial JS)`);

  const result: RouteBenchResult = { app: config.app, ...sizes, lazy };
  writeResults(packageRoot, 'initial-js', result);
  writeBenchSection(
    section,
    [
      `Initial JS and CSS per route (gzip, KB): ${shared}; plus the route's page chunk with its imports ("page JS"). Catalogues: \`common\` and the route's namespaces (JSON chunks), per language.`,
      '',
      markdownTable(rows),
      ...(lazy.length
        ? [
            '',
            ...lazy.map(
              (extra) =>
                `- lazy ${extra.name}: ${kb(extra.gzip)} KB gzip, loaded on demand (not counted)`,
            ),
          ]
        : []),
    ].join('\n'),
  );
  return result;
}
